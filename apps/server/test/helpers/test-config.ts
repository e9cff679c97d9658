import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Clock } from '../../src/clock';
import type { Config } from '../../src/config';
import { createPasswords } from '../../src/modules/auth/passwords';
import { createLocalStorage, type LocalStorage } from '../../src/storage/local-storage';

/**
 * A complete config for tests: in-memory database, fixed JWT secret, a fresh temporary DATA_DIR, no SPA,
 * no Google, and rate limits high enough that only tests that lower them ever meet them.
 */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const dataDir = overrides.dataDir ?? mkdtempSync(join(tmpdir(), 'wadesk-test-'));
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: 'memory://',
    databaseOwnerUrl: null,
    slaSweepIntervalMs: 15_000,
    // The weekly digest runs when a test calls its tick.
    digestIntervalMs: 0,
    jwtSecret: 'test-secret-that-is-at-least-32-characters-long',
    pendingSecrets: [],
    googleClientId: null,
    googleJwksUrl: 'http://127.0.0.1:9/unused',
    demoVideoUrl: null,
    contactEmail: null,
    corsOrigins: [],
    bodyLimitBytes: 1024 * 1024,
    requestTimeoutMs: 300_000,
    headersTimeoutMs: 30_000,
    keepAliveTimeoutMs: 5_000,
    maxConnections: 2048,
    maxConnectionsPerAddress: 256,
    minBodyBytesPerSecond: 1024,
    minBodyRateGraceMs: 10_000,
    healthPort: null,
    authRateLimitIp: 10_000,
    authRateLimitEmail: 10_000,
    uploadRateLimit: 10_000,
    saveRateLimit: 10_000,
    refreshRateLimit: 10_000,
    replyRateLimit: 10_000,
    eventStreamsPerUser: 5,
    eventStreamCheckMs: 5000,
    logLevel: 'silent',
    logFormat: 'json',
    whatsappDriver: 'simulator',
    simulatorBigGroup: 0,
    whatsappSessionLimit: 1,
    whatsappSessionsPerInstance: 500,
    whatsappQuietAfterHours: 6,
    whatsappLogLevel: 'silent',
    // Refused at once: no test asks WhatsApp Web for its version unless it serves one itself.
    whatsappVersionUrl: 'http://127.0.0.1:9/sw.js',
    demoSeed: false,
    webDist: join(tmpdir(), 'wadesk-test-no-web-dist'),
    trustProxy: false,
    storage: {
      kind: 'local',
      root: join(dataDir, 'objects'),
      signingSecret: 'test-storage-signing-secret-of-32-characters',
    },
    signedUrlTtlSeconds: 15 * 60,
    smtpUrl: null,
    mailFrom: 'wadesk <no-reply@test.local>',
    publicUrl: 'http://app.test',
    uploadExpiryHours: 24,
    uploadSweepIntervalMs: 3_600_000,
    orphanGraceHours: 6,
    orphanSweepIntervalMs: 3_600_000,
    unansweredSweepIntervalMs: 3_600_000,
    parseThreads: 1,
    parseQueueMax: 64,
    parseWorkerHeapMb: 512,
    storageQuotaBytes: 5 * 1024 ** 3,
    unverifiedStorageQuotaBytes: 100 * 1024 * 1024,
    uploadLimitBytes: 4 * 1024 * 1024,
    chatSaveBodyLimitBytes: 64 * 1024 * 1024,
    mediaMaxBytes: 100 * 1024 * 1024,
    ...overrides,
  };
}

/** The local object storage an app built with `testConfig({ dataDir })` uses. */
export function testLocalStorage(dataDir: string, clock: Clock): LocalStorage {
  const storage = testConfig({ dataDir }).storage;
  if (storage.kind !== 'local') throw new Error('testConfig storage is not local');
  return createLocalStorage({ root: storage.root, signingSecret: storage.signingSecret, clock });
}

/**
 * argon2id at its lowest cost: the same algorithm and code path as production's, without ~15 ms of CPU per
 * hash — the server suite hashes about a thousand passwords (docs/testing.md).
 */
export const testPasswords = createPasswords({ memoryCost: 8, timeCost: 1 });
