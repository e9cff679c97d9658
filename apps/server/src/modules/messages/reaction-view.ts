import type { MessageReaction } from '@wadesk/contract';
import { type ContactName, type LinkedAccount, phoneOf } from './group-message';
import type { StoredReaction } from './reactions.repository';

/** Someone who reacted, named like a message's author. */
export interface ReactorView {
  name: string | null;
  number: string | null;
  fromMe: boolean;
}

/** One emoji under a message and who reacted with it, earliest first. */
export interface ReactionView {
  emoji: string;
  by: ReactorView[];
}

/** The JIDs whose names a set of reactions needs. */
export function reactorJids(reactions: readonly StoredReaction[]): string[] {
  return [...new Set(reactions.flatMap((r) => (r.reactor ? [r.reactor] : [])))];
}

/**
 * Reactions per message as the group view shows them (decision 0026): one entry per emoji, the most used
 * first (ties: the one used first), each reactor named from the session's contacts, else the name their
 * reaction carried; the linked account's own as `fromMe`. Input is earliest first (reactions.repository.ts).
 */
export function reactionViews(
  reactions: readonly StoredReaction[],
  contacts: ReadonlyMap<string, ContactName>,
  me: LinkedAccount | null,
): Map<string, ReactionView[]> {
  const perMessage = new Map<string, ReactionView[]>();
  for (const r of reactions) {
    const contact = r.reactor ? contacts.get(r.reactor) : undefined;
    const reactor: ReactorView = r.fromMe
      ? { name: null, number: me?.phone ?? null, fromMe: true }
      : {
          name: contact?.name ?? r.reactorName,
          number: phoneOf(r.reactor) ?? phoneOf(r.reactorAlt) ?? phoneOf(contact?.altJid ?? null),
          fromMe: false,
        };
    const views = perMessage.get(r.targetWaId) ?? [];
    const view = views.find((v) => v.emoji === r.emoji);
    if (view) view.by.push(reactor);
    else views.push({ emoji: r.emoji, by: [reactor] });
    perMessage.set(r.targetWaId, views);
  }
  // A stable sort keeps first-used order among equal counts.
  for (const views of perMessage.values()) views.sort((a, b) => b.by.length - a.by.length);
  return perMessage;
}

/** The contract's reactions of one message. */
export function toReactions(views: readonly ReactionView[]): MessageReaction[] {
  return views.map((view) => ({
    emoji: view.emoji,
    count: view.by.length,
    by: view.by.map((r) => ({ name: r.name, number: r.number, from_me: r.fromMe })),
  }));
}
