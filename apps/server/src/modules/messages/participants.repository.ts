import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { GroupMember } from '../../whatsapp/driver';

export type ParticipantsRepository = ReturnType<typeof createParticipantsRepository>;

/** A group's member list as its metadata gave it. */
export interface GroupMembers {
  groupJid: string;
  participants: readonly GroupMember[];
}

/**
 * wa_group_participants: who is in each group of a session, with a LID member's phone-number JID, and who
 * of them is an admin.
 */
export function createParticipantsRepository(db: Db) {
  return {
    /**
     * Each listed group's members become exactly `participants`, in one statement: members no longer
     * listed leave; a member listed without its other address keeps the one known; admins are as listed.
     */
    async replace(sessionId: string, groups: readonly GroupMembers[]): Promise<void> {
      if (groups.length === 0) return;
      const groupJids = JSON.stringify(groups.map((g) => g.groupJid));
      const members = JSON.stringify(
        groups.flatMap((g) =>
          g.participants.map((p) => ({
            group_jid: g.groupJid,
            jid: p.jid,
            alt_jid: p.altJid,
            admin: p.admin === true,
          })),
        ),
      );
      await db.execute(sql`
        with input as (
          select distinct on (group_jid, jid) group_jid, jid, alt_jid, admin
          from json_to_recordset(${members}::json) as t(group_jid text, jid text, alt_jid text, admin bool)
          order by group_jid, jid, alt_jid nulls last
        ), gone as (
          delete from wa_group_participants p
          where p.session_id = ${sessionId}
            and p.group_jid in (select json_array_elements_text(${groupJids}::json))
            and not exists (select 1 from input i where i.group_jid = p.group_jid and i.jid = p.jid)
        )
        insert into wa_group_participants (session_id, group_jid, jid, alt_jid, admin)
        select ${sessionId}::uuid, group_jid, jid, alt_jid, admin from input
        on conflict (session_id, group_jid, jid) do update
        set alt_jid = coalesce(excluded.alt_jid, wa_group_participants.alt_jid), admin = excluded.admin
        where (excluded.alt_jid is not null
            and excluded.alt_jid is distinct from wa_group_participants.alt_jid)
          or excluded.admin is distinct from wa_group_participants.admin`);
    },

    /** The phone's whole group list: the members of groups not in it (left) are forgotten. */
    async keepGroups(sessionId: string, groupJids: readonly string[]): Promise<void> {
      await db.execute(sql`
        delete from wa_group_participants
        where session_id = ${sessionId}
          and group_jid not in (select json_array_elements_text(${JSON.stringify(groupJids)}::json))`);
    },

    /** The session's groups that list any of `jids` as a member (by either address). */
    async groupsOf(sessionId: string, jids: readonly string[]): Promise<string[]> {
      if (jids.length === 0) return [];
      const list = JSON.stringify([...new Set(jids)]);
      const result = (await db.execute(sql`
        select distinct group_jid from wa_group_participants
        where session_id = ${sessionId}
          and (jid in (select json_array_elements_text(${list}::json))
            or alt_jid in (select json_array_elements_text(${list}::json)))
        order by group_jid`)) as unknown as { rows: { group_jid: string }[] };
      return result.rows.map((row) => row.group_jid);
    },
  };
}
