import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { Mailer } from '../../mail/mailer';
import type { AuditRecorder } from '../audit/audit.service';
import type { MemberAccounts } from '../auth/auth.ports';
import type { AuthService } from '../auth/auth.service';
import type { Passwords } from '../auth/passwords';
import type { AttemptLimits } from '../auth/rate-limit';
import type { DeskEventBus } from '../events/desk-events';
import { createMembersRepository } from './members.repository';
import { invitationRoutes, membersRoutes } from './members.routes';
import { createMembersService, type MembersServiceDeps } from './members.service';

/** Members, roles and invitations of an organisation. */
export async function registerMembers(
  app: FastifyInstance,
  deps: {
    db: Db;
    clock: Clock;
    mailer: Mailer;
    passwords: Passwords;
    publicUrl: string;
    auth: AuthService;
    /** Auth's port for the accounts (auth.ports.ts). */
    accounts: MemberAccounts;
    agents: MembersServiceDeps['agents'];
    limits: AttemptLimits;
    audit: AuditRecorder;
    bus: DeskEventBus;
  },
): Promise<void> {
  const members = createMembersService({
    repo: createMembersRepository(deps.db),
    accounts: deps.accounts,
    agents: deps.agents,
    mailer: deps.mailer,
    passwords: deps.passwords,
    clock: deps.clock,
    publicUrl: deps.publicUrl,
    signIn: deps.auth.signIn,
    onMailError: (error) => app.log.error({ err: error }, 'invitation mail failed'),
    onChange: (organisationId) => deps.bus.publish('members.changed', { organisationId }),
    audit: deps.audit,
  });
  await app.register(membersRoutes, { members });
  await app.register(invitationRoutes, { members, limits: deps.limits });
}
