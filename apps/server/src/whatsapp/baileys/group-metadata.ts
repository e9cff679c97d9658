import type { GroupMetadata } from 'baileys';

/**
 * Each group's full metadata as one connection last heard it, for Baileys' cachedGroupMetadata (which it
 * asks before every group send, Socket/messages-send.js:499-509) and for the timer of desk replies.
 * Entries older than `ttlMs` are not handed out: some changes never reach the connection (docs/decisions/
 * 0018-desk-replies.md, group metadata). A dropped group is not stored again from an answer to a query
 * asked before the drop.
 */
export function createGroupMetadataCache({ ttlMs, now }: { ttlMs: number; now: () => number }) {
  const entries = new Map<string, { group: GroupMetadata; storedAt: number }>();
  /** The drop count at each group's latest drop. */
  const droppedAt = new Map<string, number>();
  let drops = 0;
  return {
    /** The group's metadata if it is younger than the TTL; else undefined (Baileys then queries it). */
    fresh(jid: string): GroupMetadata | undefined {
      const entry = entries.get(jid);
      return entry && now() - entry.storedAt < ttlMs ? entry.group : undefined;
    },
    /** The group's last known metadata, however old (to say why WhatsApp refused a send). */
    last: (jid: string): GroupMetadata | undefined => entries.get(jid)?.group,
    /** Taken before a query: `store(answer, mark)` then skips groups dropped while it was under way. */
    mark: () => drops,
    store(list: GroupMetadata[], mark = drops): void {
      const at = now();
      for (const group of list) {
        if (!Array.isArray(group.participants) || (droppedAt.get(group.id) ?? 0) > mark) continue;
        entries.set(group.id, { group, storedAt: at });
      }
    },
    drop(jid: string): void {
      drops += 1;
      droppedAt.set(jid, drops);
      entries.delete(jid);
    },
  };
}
