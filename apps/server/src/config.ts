import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { persistentSecret, type SharedSecretName } from './secrets';
import { type StorageConfig, storageConfig, storageEnv } from './storage/storage-config';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const LOG_FORMATS = ['auto', 'json', 'pretty'] as const;
const WHATSAPP_DRIVERS = ['baileys', 'simulator'] as const;

export interface Config {
  port: number;
  host: string;
  /** Absolute directory for the embedded database, generated secrets and local files. */
  dataDir: string;
  /** `memory://`, `file://<dir>` (embedded PGlite) or `postgres://…` — only db/client.ts interprets it. */
  databaseUrl: string;
  /**
   * DATABASE_OWNER_URL: a PostgreSQL role that owns the tables and runs the migrations; the role of
   * databaseUrl then gets only the rights the server needs (db/owner-migrations.ts). null: databaseUrl's role
   * migrates and owns the tables.
   */
  databaseOwnerUrl: string | null;
  /** Empty while `pendingSecrets` names it: resolveSharedSecrets (shared-secrets.ts) fills it in. */
  jwtSecret: string;
  /**
   * Generated secrets (not given in env) that every instance on one PostgreSQL must share: they are kept in
   * the database and filled in by resolveSharedSecrets before the app is built. Empty otherwise.
   */
  pendingSecrets: SharedSecretName[];
  /** null turns Google sign-in off. */
  googleClientId: string | null;
  googleJwksUrl: string;
  demoVideoUrl: string | null;
  /** CONTACT_EMAIL: the address behind the footer's "Contact us"; null hides the link. */
  contactEmail: string | null;
  /** Allowed cross-origin callers; empty turns CORS off. */
  corsOrigins: string[];
  bodyLimitBytes: number;
  /**
   * HTTP connection bounds, so a slow or idle client cannot hold a connection forever: the whole request
   * (headers and body) must arrive within requestTimeoutMs, the headers within headersTimeoutMs; an idle
   * keep-alive connection closes after keepAliveTimeoutMs; at most maxConnections are open at once.
   */
  requestTimeoutMs: number;
  headersTimeoutMs: number;
  keepAliveTimeoutMs: number;
  maxConnections: number;
  /**
   * MAX_CONNECTIONS_PER_ADDRESS: open connections one client address (an IPv6 /64) may hold, so one client
   * cannot take all of maxConnections. Behind TRUST_PROXY the proxies are exempt (every client arrives
   * from them) and it caps the requests under way per forwarded client address instead (http/connection-limits.ts).
   */
  maxConnectionsPerAddress: number;
  /**
   * A request body must average at least minBodyBytesPerSecond once it has been waited for
   * minBodyRateGraceMs; slower bodies answer 408 and their connection closes (http/slow-bodies.ts).
   * 0 turns the check off.
   */
  minBodyBytesPerSecond: number;
  minBodyRateGraceMs: number;
  /** HEALTH_PORT: a listener of its own for GET /healthz (http/health-listener.ts); null: none. */
  healthPort: number | null;
  /**
   * Login and registration attempts allowed per minute per client IP; registration attempts per minute
   * per email address, and failed sign-ins one IP may make on one account before the back-off
   * (auth/login-guard.ts).
   */
  authRateLimitIp: number;
  authRateLimitEmail: number;
  /**
   * Requests one user may make per minute: uploads, chat saves; an IP may make three times as many.
   * Token refreshes are limited per IP only.
   */
  uploadRateLimit: number;
  saveRateLimit: number;
  refreshRateLimit: number;
  /** Replies from the desk per minute per WhatsApp session, across instances (a person's pace). */
  replyRateLimit: number;
  /** Event streams (GET /events/) one user may hold open at once, across all instances. */
  eventStreamsPerUser: number;
  /** How often an instance checks its event streams against expiry and sign-out (one query each time). */
  eventStreamCheckMs: number;
  logLevel: (typeof LOG_LEVELS)[number];
  /** LOG_FORMAT: `auto` writes readable lines to a terminal and JSON lines anywhere else (http/logger.ts). */
  logFormat: (typeof LOG_FORMATS)[number];
  whatsappDriver: (typeof WHATSAPP_DRIVERS)[number];
  /** SIMULATOR_BIG_GROUP: the simulator's extra "Big History" group's message count; 0 for none. */
  simulatorBigGroup: number;
  /** Active WhatsApp sessions an organisation may have at once. */
  whatsappSessionLimit: number;
  /** WhatsApp sessions one server instance runs at most; more go to other instances (or answer 503). */
  whatsappSessionsPerInstance: number;
  /**
   * Hours without a live message after which a connected session is flagged quiet on the Sessions screen
   * (only flagged, never reconnected for it).
   */
  whatsappQuietAfterHours: number;
  /** Level of Baileys' own (redacted) log; silent by default because it logs protocol detail. */
  whatsappLogLevel: (typeof LOG_LEVELS)[number];
  /**
   * WHATSAPP_VERSION: the WhatsApp Web version the Baileys socket announces, e.g. [2, 3000, 1023223821],
   * instead of the one fetched from WHATSAPP_VERSION_URL (or, until one was, the one built into Baileys).
   */
  whatsappVersion?: [number, number, number] | null;
  /**
   * WHATSAPP_VERSION_URL: where the current WhatsApp Web version is read (at start, daily, and once after
   * WhatsApp refuses a version); WhatsApp Web's service worker by default.
   */
  whatsappVersionUrl: string;
  /** Demo mode: create a demo organisation with a linked simulated session, and print its sign-in. */
  demoSeed: boolean;
  /** Directory of the built SPA; served only when it holds an index.html. */
  webDist: string;
  /**
   * Fastify's trustProxy: false (default), true, or a comma list of proxy addresses/CIDRs. Behind a load
   * balancer it must be set, or every client shares the balancer's IP and so its sign-in rate limit.
   */
  trustProxy: boolean | string;
  /** Local disk under DATA_DIR/objects, or S3 when S3_BUCKET is set. */
  storage: StorageConfig;
  /** How long links to stored files work. */
  signedUrlTtlSeconds: number;
  /** SMTP_URL: mail goes through this server; null writes each mail to DATA_DIR/outbox instead. */
  smtpUrl: string | null;
  /** The From of every mail. */
  mailFrom: string;
  /** PUBLIC_URL: the address people open the app at; emailed links start with it. */
  publicUrl: string;
  /** Hours after which an upload never saved in a chat is removed with its files. */
  uploadExpiryHours: number;
  /** How often an instance looks for expired uploads (one instance at a time sweeps). */
  uploadSweepIntervalMs: number;
  /**
   * Hours a stored file must have gone unwritten before the orphan sweep may remove it (when no row
   * references it): far longer than any upload takes, so no upload under way loses its files.
   */
  orphanGraceHours: number;
  /** How often an instance looks for orphaned files (one instance at a time sweeps). */
  orphanSweepIntervalMs: number;
  /** How often an instance looks for open tickets left unanswered (one instance at a time sweeps). */
  unansweredSweepIntervalMs: number;
  /** How often an instance looks for SLA warnings and warning mails due (claims keep each to one instance). */
  slaSweepIntervalMs: number;
  /** DIGEST_INTERVAL_MS: how often this instance looks for weekly digests due; 0 never (decision 0029). */
  digestIntervalMs: number;
  /** Worker threads that parse uploads, off the event loop. */
  parseThreads: number;
  /** Uploads and saves that may wait for a parse thread; past it they answer 503 at once. */
  parseQueueMax: number;
  /** Old-generation heap of one parse thread, MB: a task past it fails alone (413), not the server. */
  parseWorkerHeapMb: number;
  /** Media bytes one organisation may store; an upload that would pass it answers 413 and says so. */
  storageQuotaBytes: number;
  /** The same for an organisation none of whose owners has verified an email address. */
  unverifiedStorageQuotaBytes: number;
  /** Largest chat export accepted by POST /v1/uploadfile/. */
  uploadLimitBytes: number;
  /** Largest JSON body of POST /v1/saveChatData/ (a 40,000-message chat is about 13 MB). */
  chatSaveBodyLimitBytes: number;
  /**
   * Largest WhatsApp media file the server downloads (POST /api/downloadMedia/): larger ones are refused
   * by their declared size before the download, and a download that runs past it is cut off.
   */
  mediaMaxBytes: number;
}

const integer = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, { error: `must be a whole number between ${min} and ${max}` })
    .transform(Number)
    .refine((n) => n >= min && n <= max, { error: `must be a whole number between ${min} and ${max}` });

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

const databaseUrl = z.string().refine((url) => /^(memory:\/\/|file:\/\/.+|postgres(ql)?:\/\/.+)/.test(url), {
  error: 'must start with memory://, file:// or postgres(ql)://',
});

const origins = z
  .string()
  .transform((list) =>
    list
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  )
  .pipe(
    z
      .array(z.url({ protocol: /^https?$/, error: 'must be a comma-separated list of http(s) origins' }))
      .transform((urls) => urls.map((url) => new URL(url).origin)),
  );

const envSchema = z.object({
  PORT: integer(0, 65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: databaseUrl.optional(),
  DATABASE_OWNER_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, { error: 'must start with postgres(ql)://' })
    .optional(),
  JWT_SECRET: z.string().min(32, { error: 'must be at least 32 characters long' }).optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_JWKS_URL: httpUrl.default('https://www.googleapis.com/oauth2/v3/certs'),
  DEMO_VIDEO_URL: httpUrl.optional(),
  CONTACT_EMAIL: z.email({ error: 'must be an email address' }).optional(),
  CORS_ORIGINS: origins.default([]),
  BODY_LIMIT_BYTES: integer(1024, 1024 ** 3).default(1024 * 1024),
  REQUEST_TIMEOUT_MS: integer(1000, 3_600_000).default(300_000),
  HEADERS_TIMEOUT_MS: integer(1000, 600_000).default(30_000),
  KEEP_ALIVE_TIMEOUT_MS: integer(1000, 600_000).default(5_000),
  MAX_CONNECTIONS: integer(1, 1_000_000).default(2048),
  MAX_CONNECTIONS_PER_ADDRESS: integer(1, 1_000_000).default(256),
  MIN_BODY_BYTES_PER_SECOND: integer(0, 1024 ** 3).default(1024),
  MIN_BODY_RATE_GRACE_MS: integer(100, 600_000).default(10_000),
  HEALTH_PORT: integer(1, 65535).optional(),
  AUTH_RATE_LIMIT_IP: integer(1, 1_000_000).default(20),
  AUTH_RATE_LIMIT_EMAIL: integer(1, 1_000_000).default(10),
  UPLOAD_RATE_LIMIT: integer(1, 1_000_000).default(20),
  SAVE_RATE_LIMIT: integer(1, 1_000_000).default(20),
  REFRESH_RATE_LIMIT: integer(1, 1_000_000).default(60),
  REPLY_RATE_LIMIT: integer(1, 1000).default(20),
  EVENT_STREAMS_PER_USER: integer(1, 1000).default(5),
  EVENT_STREAM_CHECK_MS: integer(10, 600_000).default(5000),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  LOG_FORMAT: z.enum(LOG_FORMATS, { error: `must be one of ${LOG_FORMATS.join(', ')}` }).default('auto'),
  WHATSAPP_DRIVER: z.enum(WHATSAPP_DRIVERS, { error: 'must be baileys or simulator' }).default('baileys'),
  WHATSAPP_SESSION_LIMIT: integer(1, 100_000).default(1),
  SIMULATOR_BIG_GROUP: integer(0, 20_000).default(0),
  WHATSAPP_SESSIONS_PER_INSTANCE: integer(1, 100_000).default(500),
  WHATSAPP_QUIET_AFTER_HOURS: integer(1, 24 * 365).default(6),
  WHATSAPP_LOG_LEVEL: z
    .enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` })
    .default('silent'),
  WHATSAPP_VERSION: z
    .string()
    .regex(/^\d{1,10}\.\d{1,10}\.\d{1,10}$/, {
      error: 'must be three dot-separated whole numbers, e.g. 2.3000.1023223821',
    })
    .transform((text) => text.split('.').map(Number) as [number, number, number])
    .optional(),
  WHATSAPP_VERSION_URL: httpUrl.default('https://web.whatsapp.com/sw.js'),
  DEMO_SEED: z.enum(['0', '1', 'true', 'false'], { error: 'must be 1 or 0' }).default('0'),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: z
    .string()
    .transform((value) => (value === 'true' ? true : value === 'false' ? false : value))
    .default(false),
  ...storageEnv,
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.string().default('wadesk <no-reply@localhost>'),
  PUBLIC_URL: httpUrl.optional(),
  SIGNED_URL_TTL_SECONDS: integer(60, 7 * 24 * 3600).default(15 * 60),
  PARSE_THREADS: integer(1, 64).optional(),
  PARSE_QUEUE_MAX: integer(1, 10_000).default(64),
  PARSE_WORKER_HEAP_MB: integer(64, 16_384).default(512),
  UPLOAD_EXPIRY_HOURS: integer(1, 24 * 365).default(24),
  UPLOAD_SWEEP_INTERVAL_MS: integer(1000, 24 * 3_600_000).default(3_600_000),
  ORPHAN_GRACE_HOURS: integer(1, 24 * 365).default(6),
  ORPHAN_SWEEP_INTERVAL_MS: integer(1000, 24 * 3_600_000).default(3_600_000),
  UNANSWERED_SWEEP_INTERVAL_MS: integer(1000, 3_600_000).default(30_000),
  SLA_SWEEP_INTERVAL_MS: integer(1000, 3_600_000).default(15_000),
  DIGEST_INTERVAL_MS: integer(0, 24 * 3_600_000).default(300_000),
  STORAGE_QUOTA_BYTES: integer(1024 * 1024, 1024 ** 5).default(5 * 1024 ** 3),
  UNVERIFIED_STORAGE_QUOTA_BYTES: integer(0, 1024 ** 5).default(100 * 1024 * 1024),
  UPLOAD_LIMIT_BYTES: integer(1024, 1024 ** 3).default(4 * 1024 * 1024),
  CHAT_SAVE_BODY_LIMIT_BYTES: integer(1024, 1024 ** 3).default(64 * 1024 * 1024),
  MEDIA_MAX_BYTES: integer(1024, 4 * 1024 ** 3).default(100 * 1024 * 1024),
});

/**
 * Reads and validates the whole configuration once at start-up. The only module that reads env.
 * Blank values count as unset, so `FOO=` in an env file means "use the default".
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value?.trim()));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${String(issue.path[0])} ${issue.message}`);
    throw new Error(`Invalid configuration: ${problems.join('; ')}`);
  }
  const vars = parsed.data;
  if (vars.HEALTH_PORT !== undefined && vars.HEALTH_PORT === vars.PORT) {
    throw new Error('Invalid configuration: HEALTH_PORT must differ from PORT');
  }
  const dataDir = resolve(vars.DATA_DIR);
  const databaseUrl = vars.DATABASE_URL ?? `file://${resolve(dataDir, 'pgdata')}`;
  if (vars.DATABASE_OWNER_URL && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error(
      'Invalid configuration: DATABASE_OWNER_URL needs DATABASE_URL to be a postgres(ql):// URL',
    );
  }
  // Instances sharing a PostgreSQL may have different DATA_DIRs, so a generated secret cannot live in a file.
  const pendingSecrets: SharedSecretName[] = [];
  const generatedSecret = (name: SharedSecretName) => {
    if (!/^postgres(ql)?:\/\//.test(databaseUrl)) return persistentSecret(dataDir, name);
    pendingSecrets.push(name);
    return '';
  };
  let storage: StorageConfig;
  try {
    storage = storageConfig(vars, dataDir, generatedSecret);
  } catch (error) {
    throw new Error(`Invalid configuration: ${(error as Error).message}`);
  }
  return {
    port: vars.PORT,
    host: vars.HOST,
    dataDir,
    databaseUrl,
    databaseOwnerUrl: vars.DATABASE_OWNER_URL ?? null,
    jwtSecret: vars.JWT_SECRET ?? generatedSecret('jwt_secret'),
    pendingSecrets,
    googleClientId: vars.GOOGLE_CLIENT_ID ?? null,
    googleJwksUrl: vars.GOOGLE_JWKS_URL,
    demoVideoUrl: vars.DEMO_VIDEO_URL ?? null,
    contactEmail: vars.CONTACT_EMAIL ?? null,
    corsOrigins: vars.CORS_ORIGINS,
    bodyLimitBytes: vars.BODY_LIMIT_BYTES,
    requestTimeoutMs: vars.REQUEST_TIMEOUT_MS,
    // Node requires the headers deadline to fall within the request deadline.
    headersTimeoutMs: Math.min(vars.HEADERS_TIMEOUT_MS, vars.REQUEST_TIMEOUT_MS),
    keepAliveTimeoutMs: vars.KEEP_ALIVE_TIMEOUT_MS,
    maxConnections: vars.MAX_CONNECTIONS,
    maxConnectionsPerAddress: vars.MAX_CONNECTIONS_PER_ADDRESS,
    minBodyBytesPerSecond: vars.MIN_BODY_BYTES_PER_SECOND,
    minBodyRateGraceMs: vars.MIN_BODY_RATE_GRACE_MS,
    healthPort: vars.HEALTH_PORT ?? null,
    authRateLimitIp: vars.AUTH_RATE_LIMIT_IP,
    authRateLimitEmail: vars.AUTH_RATE_LIMIT_EMAIL,
    uploadRateLimit: vars.UPLOAD_RATE_LIMIT,
    saveRateLimit: vars.SAVE_RATE_LIMIT,
    refreshRateLimit: vars.REFRESH_RATE_LIMIT,
    replyRateLimit: vars.REPLY_RATE_LIMIT,
    eventStreamsPerUser: vars.EVENT_STREAMS_PER_USER,
    eventStreamCheckMs: vars.EVENT_STREAM_CHECK_MS,
    logLevel: vars.LOG_LEVEL,
    logFormat: vars.LOG_FORMAT,
    whatsappDriver: vars.WHATSAPP_DRIVER,
    simulatorBigGroup: vars.SIMULATOR_BIG_GROUP,
    whatsappSessionLimit: vars.WHATSAPP_SESSION_LIMIT,
    whatsappSessionsPerInstance: vars.WHATSAPP_SESSIONS_PER_INSTANCE,
    whatsappQuietAfterHours: vars.WHATSAPP_QUIET_AFTER_HOURS,
    whatsappLogLevel: vars.WHATSAPP_LOG_LEVEL,
    whatsappVersion: vars.WHATSAPP_VERSION ?? null,
    whatsappVersionUrl: vars.WHATSAPP_VERSION_URL,
    demoSeed: vars.DEMO_SEED === '1' || vars.DEMO_SEED === 'true',
    webDist: vars.WEB_DIST
      ? resolve(vars.WEB_DIST)
      : fileURLToPath(new URL('../../web/dist', import.meta.url)),
    trustProxy: vars.TRUST_PROXY,
    storage,
    signedUrlTtlSeconds: vars.SIGNED_URL_TTL_SECONDS,
    smtpUrl: vars.SMTP_URL ?? null,
    mailFrom: vars.MAIL_FROM,
    publicUrl: (vars.PUBLIC_URL ?? `http://localhost:${vars.PORT}`).replace(/\/+$/, ''),
    uploadExpiryHours: vars.UPLOAD_EXPIRY_HOURS,
    uploadSweepIntervalMs: vars.UPLOAD_SWEEP_INTERVAL_MS,
    orphanGraceHours: vars.ORPHAN_GRACE_HOURS,
    orphanSweepIntervalMs: vars.ORPHAN_SWEEP_INTERVAL_MS,
    unansweredSweepIntervalMs: vars.UNANSWERED_SWEEP_INTERVAL_MS,
    slaSweepIntervalMs: vars.SLA_SWEEP_INTERVAL_MS,
    digestIntervalMs: vars.DIGEST_INTERVAL_MS,
    parseThreads: vars.PARSE_THREADS ?? Math.max(1, Math.min(4, availableParallelism() - 1)),
    parseQueueMax: vars.PARSE_QUEUE_MAX,
    parseWorkerHeapMb: vars.PARSE_WORKER_HEAP_MB,
    storageQuotaBytes: vars.STORAGE_QUOTA_BYTES,
    unverifiedStorageQuotaBytes: vars.UNVERIFIED_STORAGE_QUOTA_BYTES,
    uploadLimitBytes: vars.UPLOAD_LIMIT_BYTES,
    chatSaveBodyLimitBytes: vars.CHAT_SAVE_BODY_LIMIT_BYTES,
    mediaMaxBytes: vars.MEDIA_MAX_BYTES,
  };
}
