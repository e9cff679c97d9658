import { z } from 'zod';

/**
 * A member's role in the organisation: an owner does everything, an admin manages sessions, agents and
 * settings, a member works tickets and chats. Each role may do what the roles below it may.
 */
export const memberRole = z.enum(['owner', 'admin', 'member']);
export type MemberRole = z.infer<typeof memberRole>;

const rank: Record<MemberRole, number> = { member: 0, admin: 1, owner: 2 };

/** Whether `role` may do what `needed` may. */
export const roleAtLeast = (role: MemberRole, needed: MemberRole) => rank[role] >= rank[needed];
