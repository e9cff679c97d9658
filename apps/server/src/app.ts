import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { keepInternals } from './app-internals';
import { type Clock, systemClock } from './clock';
import type { Config } from './config';
import { type Database, openMigratedDatabase } from './db/client';
import { limitConnectionsPerAddress, limitRequestsInFlight, trustedPeer } from './http/connection-limits';
import { frameworkErrors, installErrorHandler } from './http/error-handler';
import { loggerOptions } from './http/logger';
import { registerOpenApi } from './http/openapi';
import { registerSecurity } from './http/security';
import { endSlowBodies } from './http/slow-bodies';
import { installUnstorableTextGuard } from './http/unstorable-text';
import { registerWebApp } from './http/web-app';
import { createMailer } from './mail/mailer';
import { registerAgents } from './modules/agents/register-agents';
import { registerAudit } from './modules/audit/register-audit';
import { createAccountsRepository } from './modules/auth/accounts.repository';
import { createAuthRepository } from './modules/auth/auth.repository';
import { authRoutes } from './modules/auth/auth.routes';
import { createAuthService } from './modules/auth/auth.service';
import { installAuthentication } from './modules/auth/authenticate';
import { createEmailLinks } from './modules/auth/email-links.service';
import { createGoogleVerifier } from './modules/auth/google';
import { createLoginFailuresRepository } from './modules/auth/login-failures.repository';
import { createLoginGuard } from './modules/auth/login-guard';
import { createOrganisationSettingsRepository } from './modules/auth/organisation-settings.repository';
import { createOwnerVerificationRepository } from './modules/auth/owner-verification.repository';
import { passwords as owaspPasswords, type Passwords } from './modules/auth/passwords';
import { profileRoutes } from './modules/auth/profile.routes';
import { createProfileService } from './modules/auth/profile.service';
import { createAttemptLimits, createLimiter, perMinute } from './modules/auth/rate-limit';
import { createRateLimitRepository } from './modules/auth/rate-limit.repository';
import { createTokenUsers } from './modules/auth/token-users';
import { createAccessTokens } from './modules/auth/tokens';
import { registerChats } from './modules/chats/register-chats';
import { createInstanceRpc } from './modules/cluster/instance-rpc';
import { registerDashboard } from './modules/dashboard/register-dashboard';
import type { DeskEventMap } from './modules/events/desk-events';
import { createEventBus } from './modules/events/event-bus';
import { registerEvents } from './modules/events/register-events';
import { registerGroups } from './modules/groups/register-groups';
import { registerInbox } from './modules/inbox/register-inbox';
import { registerMembers } from './modules/members/register-members';
import { createMessageStore } from './modules/messages/message-store.service';
import { registerNotifications } from './modules/notifications/register-notifications';
import { createDeskRepliesRepository } from './modules/replies/desk-replies.repository';
import { registerReplies } from './modules/replies/register-replies';
import { createReplyStates } from './modules/replies/reply-states.service';
import { registerReports } from './modules/reports/register-reports';
import { registerSatisfaction } from './modules/satisfaction/register-satisfaction';
import { registerSessions } from './modules/sessions/register-sessions';
import { registerSettings } from './modules/settings/register-settings';
import { registerSla } from './modules/sla/register-sla';
import { createSimulatedClock, type DeskClock } from './modules/sla/simulated-clock';
import { createSlaClocksRepository } from './modules/sla/sla-clocks.repository';
import { createSlaPoliciesRepository } from './modules/sla/sla-policies.repository';
import { systemRoutes } from './modules/system/system.routes';
import { registerTicketEngine } from './modules/ticket-engine/register-ticket-engine';
import { registerTickets } from './modules/tickets/register-tickets';
import { createReplyEchoes } from './modules/tickets/reply-echoes';
import { createTicketLedgerRepository } from './modules/tickets/ticket-ledger.repository';
import { createWhatsAppAdapter, type WhatsAppOverrides } from './whatsapp/create-driver';

export interface AppDeps {
  /** An open, migrated database; the caller keeps ownership (it is not closed with the app). */
  database?: Database;
  clock?: Clock;
  /** false silences logging (tests); an object is merged over the default pino options. */
  logger?: boolean | object;
  /** WhatsApp timers, driver or loopback address for tests; production uses the defaults. */
  whatsapp?: WhatsAppOverrides;
  /** Notifications kept per member (the contract's MAX_NOTIFICATIONS_KEPT): tests of the prune use a few. */
  notificationsKept?: number;
  /** Password hashing; argon2id at OWASP's cost unless a test passes a cheaper one (docs/testing.md). */
  passwords?: Passwords;
}

/**
 * The whole HTTP application, ready for `inject()` or `listen()`. Without an injected database it opens
 * and migrates the one named by `config.databaseUrl` (over `config.databaseOwnerUrl` when set) and closes it
 * when the app closes.
 */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  const clock = deps.clock ?? systemClock;
  const passwords = deps.passwords ?? owaspPasswords;
  const database = deps.database ?? (await openMigratedDatabase(config.databaseUrl, config.databaseOwnerUrl));
  const app = Fastify({
    logger: loggerOptions(config, deps.logger),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    frameworkErrors,
    requestTimeout: config.requestTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    http: {
      headersTimeout: config.headersTimeoutMs,
      // Node checks the two deadlines on this interval (30 s by default), so a short deadline needs it shorter.
      connectionsCheckingInterval: Math.min(30_000, Math.max(100, Math.floor(config.headersTimeoutMs / 4))),
    },
  });
  app.server.maxConnections = config.maxConnections;
  // One client cannot take every connection; behind a proxy, whose one address every client shares, the
  // cap moves to the requests under way per forwarded client address.
  limitConnectionsPerAddress(app.server, {
    max: config.maxConnectionsPerAddress,
    exempt: trustedPeer(config.trustProxy),
    log: app.log,
  });
  if (config.trustProxy) limitRequestsInFlight(app, config.maxConnectionsPerAddress);
  endSlowBodies(app, { minBytesPerSecond: config.minBodyBytesPerSecond, graceMs: config.minBodyRateGraceMs });
  if (!deps.database) app.addHook('onClose', () => database.close());

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  installUnstorableTextGuard(app);
  await registerSecurity(app, config);
  await registerOpenApi(app);

  const accessTokens = createAccessTokens({ secret: config.jwtSecret, clock });
  // Each user's token state read at most once a second per instance; writes here forget it (decision 0023).
  const tokenUsers = createTokenUsers((userId) => authRepository.tokenState(userId), {
    now: () => clock().getTime(),
  });
  const authRepository = createAuthRepository(database.db, { usersChanged: tokenUsers.forget });
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    mailFrom: config.mailFrom,
    outboxDir: join(config.dataDir, 'outbox'),
  });
  app.addHook('onClose', async () => mailer.close());
  installAuthentication(app, accessTokens, tokenUsers.lookup);
  const audit = await registerAudit(app, { db: database.db });

  await app.register(systemRoutes, { database, config });
  const limit = createLimiter({ repo: createRateLimitRepository(database.db), clock });
  const loginGuard = createLoginGuard({
    repo: createLoginFailuresRepository(database.db),
    clock,
    freeFailures: config.authRateLimitEmail,
  });
  const emailLinks = createEmailLinks({
    repo: authRepository,
    mailer,
    passwords,
    clock,
    publicUrl: config.publicUrl,
    forgetLoginFailures: loginGuard.forgetAccount,
    onBackgroundError: (error, what) => app.log.error({ err: error }, what),
  });
  // Mails sent after their reply finish before the mailer and the database close (hooks run in reverse).
  app.addHook('onClose', () => emailLinks.idle());
  const auth = createAuthService({
    repo: authRepository,
    passwords,
    accessTokens,
    verifyGoogle: config.googleClientId
      ? createGoogleVerifier({ clientId: config.googleClientId, jwksUrl: config.googleJwksUrl, clock })
      : null,
    clock,
    audit,
  });
  const limits = createAttemptLimits({
    repo: createRateLimitRepository(database.db),
    clock,
    perIp: config.authRateLimitIp,
    perEmail: config.authRateLimitEmail,
  });
  await app.register(authRoutes, {
    auth,
    limits,
    emailLinks,
    refreshLimit: perMinute(limit, 'refresh', { perIp: config.refreshRateLimit }),
    loginGuard,
  });
  await app.register(profileRoutes, {
    profile: createProfileService({ repo: authRepository, passwords, clock, audit }),
    limits,
    loginGuard,
  });

  const { storage, uploadSweeper, orphanSweeper } = await registerChats(app, {
    config,
    db: database.db,
    clock,
    limit,
    owners: createOwnerVerificationRepository(database.db),
  });

  // The WhatsApp half: the adapter (driver), the bus, the message store, then the modules that use them.
  const overrides = deps.whatsapp ?? {};
  // One id per instance: its leases, its RPC channel, and the sender of what it publishes on the bus.
  const instanceId = randomUUID();
  const { notifications } = database;
  const bus = await createEventBus<DeskEventMap>({
    notifications,
    instanceId,
    onListenerError: (error, name) => app.log.error({ err: error, event: name }, 'event listener failed'),
  });
  const rpc = await createInstanceRpc({ notifications, instanceId });
  // While the listening connection is down this instance misses other instances' events and commands.
  const unobserve = notifications.observe((event) => {
    if (event.type === 'lost')
      app.log.warn({ err: event.error }, 'database notifications lost; reconnecting');
    else if (event.type === 'connected') app.log.info('database notifications listening');
    else app.log.warn({ err: event.error, channel: event.channel }, 'a database notification was dropped');
  });
  // After every module's preClose: what they publish while closing still goes out.
  app.addHook('onClose', async () => {
    unobserve();
    await rpc.close();
    await bus.close();
  });
  // The messages module has no routes: its store is the sessions' MessageSink, the Chat page's and the
  // replies' ChatStore, and the ticket engine's queue.
  const store = createMessageStore({ db: database.db, bus });
  // Written by the replies module, read by the sessions' drivers for WhatsApp's retry receipts.
  const deskReplies = createDeskRepliesRepository(database.db);
  // What WhatsApp says about the desk's replies, told by the sessions; a refusal undoes the reply's echo
  // through the tickets module (decision 0018, reply states).
  const replyStates = createReplyStates({
    repo: deskReplies,
    echoes: createReplyEchoes(database.db),
    audit,
    bus,
  });
  // Demo mode's clock (decision 0028): the SLA clocks, their warnings, manual status changes and the
  // simulated phones' message times follow it; with real WhatsApp the desk runs on real time.
  const simulatorDriven =
    overrides.driver?.name === 'simulator' || (!overrides.driver && config.whatsappDriver === 'simulator');
  const simulatedClock = simulatorDriven
    ? await createSimulatedClock(database.db, bus, () => clock().getTime())
    : null;
  const deskClock: DeskClock = simulatedClock ?? { now: () => clock().getTime() };
  const deskNow: Clock = () => new Date(deskClock.now());
  // Written by the SLA module's worker; the tickets' stat cards read its counts.
  const slaClocks = createSlaClocksRepository(database.db);
  const { sessions, gateway, cluster, leases } = await registerSessions(app, {
    config,
    database,
    instanceId,
    rpc,
    bus,
    whatsapp: createWhatsAppAdapter(config, {
      ...overrides,
      // The phones keep real time (tests move the desk's injected clock, not the phones'), plus demo
      // mode's offset.
      simulator: { now: () => Date.now() + (simulatedClock?.offsetMs() ?? 0), ...overrides.simulator },
    }),
    sink: store,
    overrides,
    limit,
    audit,
    sentMessage: deskReplies.content,
    sendStatus: replyStates.record,
  });
  const groups = await registerGroups(app, {
    bus,
    store: store.chat,
    gateway,
    cluster,
    storage,
    overrides,
    audit,
    replyStates: replyStates.states,
    mediaMaxBytes: config.mediaMaxBytes,
  });
  const { agents, ownerAgentsSettled } = await registerAgents(app, {
    db: database.db,
    clock,
    bus,
    sessions,
    audit,
  });
  await registerMembers(app, {
    db: database.db,
    clock,
    mailer,
    passwords,
    publicUrl: config.publicUrl,
    auth,
    accounts: createAccountsRepository(database.db, { usersChanged: tokenUsers.forget }),
    agents,
    limits,
    audit,
    bus,
  });
  await registerSettings(app, {
    organisations: createOrganisationSettingsRepository(database.db),
    audit,
    slaPolicies: createSlaPoliciesRepository(database.db),
  });
  // Each member's notifications: the tickets module and the engine post through its poster (decision 0022).
  const {
    poster: notificationPoster,
    within: notificationsWithin,
    unansweredSweep,
  } = await registerNotifications(app, {
    db: database.db,
    clock,
    bus,
    unansweredSweepIntervalMs: config.unansweredSweepIntervalMs,
    ...(deps.notificationsKept ? { keep: deps.notificationsKept } : {}),
  });
  const ticketProcessor = registerTicketEngine(app, {
    // The tickets module writes tickets; the engine reaches them only through this port (ticket-ledger.ts).
    ledger: createTicketLedgerRepository(database.db),
    bus,
    store,
    instanceId,
    agents,
    audit,
    notifications: notificationPoster,
    deskEchoes: replyStates.echoed,
  });
  const ticketCalls = await registerTickets(app, {
    db: database.db,
    // A status set by hand is a moment of the ticket's SLA history, on the desk's clock.
    clock: deskNow,
    bus,
    audit,
    replies: deskReplies,
    notifications: notificationPoster,
    replyStates: replyStates.states,
    pollStates: store.chat.pollStates,
    slaCounts: slaClocks.counts,
  });
  await registerInbox(app, {
    db: database.db,
    actions: {
      assign: ticketCalls.workflow.assign,
      addLabel: ticketCalls.workflow.addLabel,
      updateStatus: ticketCalls.tickets.updateStatus,
    },
    checks: ticketCalls.checks,
    now: deskNow,
  });
  await registerDashboard(app, { sessions, groups, agents });
  const automaticReplies = await registerReplies(app, {
    db: database.db,
    deskReplies,
    store,
    gateway,
    cluster,
    limit,
    audit,
    perSessionPerMinute: config.replyRateLimit,
    storage,
    announce: replyStates.announce,
  });
  const slaEngine = await registerSla(app, {
    repo: slaClocks,
    bus,
    clock: deskClock,
    simulated: simulatedClock,
    bell: notificationsWithin,
    mailer,
    publicUrl: config.publicUrl,
    engine: { sweepMs: config.slaSweepIntervalMs },
    // The out-of-hours reply goes out through the replies module, recorded as automatic.
    sendAutomatic: automaticReplies.sendAutomatic,
  });
  // A member's close may ask the customer how it went, through the replies module (decision 0030).
  const satisfaction = registerSatisfaction(app, {
    db: database.db,
    bus,
    now: deskClock.now,
    onClosed: ticketCalls.onClosed,
    ticket: ticketCalls.tickets.ticket,
    sendPoll: automaticReplies.sendSatisfactionPoll,
  });
  const weeklyDigest = await registerReports(app, {
    db: database.db,
    mailer,
    now: deskClock.now,
    publicUrl: config.publicUrl,
    digestIntervalMs: config.digestIntervalMs,
  });
  const { openStreams } = await registerEvents(app, {
    bus,
    db: database.db,
    config,
    clock,
    accessTokens,
    tokenUser: tokenUsers.lookup,
    heartbeatMs: overrides.heartbeatMs ?? 20_000,
  });
  await registerWebApp(app, config.webDist);
  keepInternals(app, {
    messageStore: store,
    ticketProcessor,
    slaEngine,
    simulatedClock,
    satisfaction,
    weeklyDigest,
    uploadSweeper,
    orphanSweeper,
    unansweredSweep,
    leases,
    ownerAgentsSettled,
    bus,
    openStreams,
    verifyAddress: emailLinks.verifyWithoutLink,
    mailsSent: emailLinks.idle,
  });
  return app;
}
