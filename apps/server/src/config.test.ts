import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const tempDir = () => mkdtempSync(join(tmpdir(), 'wadesk-config-'));

describe('loadConfig', () => {
  it('has a default for everything', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir,
      databaseUrl: `file://${join(dataDir, 'pgdata')}`,
      databaseOwnerUrl: null,
      googleClientId: null,
      googleJwksUrl: 'https://www.googleapis.com/oauth2/v3/certs',
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
      authRateLimitIp: 20,
      authRateLimitEmail: 10,
      eventStreamsPerUser: 5,
      eventStreamCheckMs: 5000,
      pendingSecrets: [],
      logLevel: 'info',
      logFormat: 'auto',
      whatsappDriver: 'baileys',
      whatsappSessionLimit: 1,
      whatsappQuietAfterHours: 6,
      whatsappLogLevel: 'silent',
      whatsappVersion: null,
      whatsappVersionUrl: 'https://web.whatsapp.com/sw.js',
      demoSeed: false,
      trustProxy: false,
      uploadExpiryHours: 24,
      uploadSweepIntervalMs: 3_600_000,
      orphanGraceHours: 6,
      orphanSweepIntervalMs: 3_600_000,
    });
    expect(config.webDist).toBe(resolve(import.meta.dirname, '../../web/dist'));
  });

  it('resolves DATA_DIR against the working directory', () => {
    const config = loadConfig({ DATA_DIR: 'relative/data', JWT_SECRET: 'x'.repeat(32) });
    expect(config.dataDir).toBe(resolve(process.cwd(), 'relative/data'));
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: tempDir(),
      DATABASE_URL: 'postgres://user@db:5432/app',
      DATABASE_OWNER_URL: 'postgres://owner@db:5432/app',
      JWT_SECRET: 's'.repeat(40),
      GOOGLE_CLIENT_ID: 'client.apps.googleusercontent.com',
      GOOGLE_JWKS_URL: 'http://127.0.0.1:1234/certs',
      DEMO_VIDEO_URL: 'https://www.youtube.com/embed/abc',
      CONTACT_EMAIL: 'support@example.com',
      CORS_ORIGINS: 'https://a.example.com, http://localhost:5173/',
      BODY_LIMIT_BYTES: '2048',
      MAX_CONNECTIONS_PER_ADDRESS: '64',
      MIN_BODY_BYTES_PER_SECOND: '0',
      MIN_BODY_RATE_GRACE_MS: '5000',
      HEALTH_PORT: '8081',
      AUTH_RATE_LIMIT_IP: '5',
      AUTH_RATE_LIMIT_EMAIL: '3',
      EVENT_STREAMS_PER_USER: '2',
      EVENT_STREAM_CHECK_MS: '250',
      LOG_LEVEL: 'debug',
      LOG_FORMAT: 'json',
      WHATSAPP_DRIVER: 'simulator',
      WHATSAPP_SESSION_LIMIT: '3',
      WHATSAPP_QUIET_AFTER_HOURS: '12',
      WHATSAPP_LOG_LEVEL: 'warn',
      WHATSAPP_VERSION: '2.3000.1023223821',
      WHATSAPP_VERSION_URL: 'http://mirror.internal/sw.js',
      DEMO_SEED: '1',
      WEB_DIST: 'some/dist',
      TRUST_PROXY: '10.0.0.0/8',
      ORPHAN_GRACE_HOURS: '48',
      ORPHAN_SWEEP_INTERVAL_MS: '60000',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: 'postgres://user@db:5432/app',
      databaseOwnerUrl: 'postgres://owner@db:5432/app',
      jwtSecret: 's'.repeat(40),
      googleClientId: 'client.apps.googleusercontent.com',
      googleJwksUrl: 'http://127.0.0.1:1234/certs',
      demoVideoUrl: 'https://www.youtube.com/embed/abc',
      contactEmail: 'support@example.com',
      corsOrigins: ['https://a.example.com', 'http://localhost:5173'],
      bodyLimitBytes: 2048,
      maxConnectionsPerAddress: 64,
      minBodyBytesPerSecond: 0,
      minBodyRateGraceMs: 5000,
      healthPort: 8081,
      authRateLimitIp: 5,
      authRateLimitEmail: 3,
      eventStreamsPerUser: 2,
      eventStreamCheckMs: 250,
      // On PostgreSQL the storage signing secret env does not give comes from the database later.
      pendingSecrets: ['storage_signing_secret'],
      logLevel: 'debug',
      logFormat: 'json',
      whatsappDriver: 'simulator',
      whatsappSessionLimit: 3,
      whatsappQuietAfterHours: 12,
      whatsappLogLevel: 'warn',
      whatsappVersion: [2, 3000, 1023223821],
      whatsappVersionUrl: 'http://mirror.internal/sw.js',
      demoSeed: true,
      webDist: resolve('some/dist'),
      trustProxy: '10.0.0.0/8',
      orphanGraceHours: 48,
      orphanSweepIntervalMs: 60_000,
    });
  });

  it('refuses an orphan grace under an hour, which an upload under way could outlast', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), ORPHAN_GRACE_HOURS: '0' })).toThrow(/ORPHAN_GRACE_HOURS/);
  });

  it('refuses a HEALTH_PORT equal to PORT', () => {
    expect(() => loadConfig({ JWT_SECRET: 'x'.repeat(32), PORT: '8080', HEALTH_PORT: '8080' })).toThrow(
      'HEALTH_PORT must differ from PORT',
    );
  });

  it('refuses a WHATSAPP_VERSION that is not three dot-separated whole numbers', () => {
    for (const version of ['2.3000', '2.3000.x', '2.3000.1023223821.1', 'v2.3000.1']) {
      expect(() => loadConfig({ JWT_SECRET: 'x'.repeat(32), WHATSAPP_VERSION: version })).toThrow(
        'WHATSAPP_VERSION must be three dot-separated whole numbers, e.g. 2.3000.1023223821',
      );
    }
  });

  it('refuses DATABASE_OWNER_URL without a PostgreSQL DATABASE_URL: PGlite has one role', () => {
    expect(() =>
      loadConfig({ JWT_SECRET: 'x'.repeat(32), DATABASE_OWNER_URL: 'postgres://owner@db:5432/app' }),
    ).toThrow('Invalid configuration: DATABASE_OWNER_URL needs DATABASE_URL to be a postgres(ql):// URL');
  });

  it('reads TRUST_PROXY as a switch or a list of proxy addresses', () => {
    const trustProxy = (value: string) =>
      loadConfig({ JWT_SECRET: 'x'.repeat(32), TRUST_PROXY: value }).trustProxy;
    expect(trustProxy('true')).toBe(true);
    expect(trustProxy('false')).toBe(false);
    expect(trustProxy('10.0.0.1,10.0.0.2')).toBe('10.0.0.1,10.0.0.2');
  });

  it('treats blank values as unset', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      PORT: '',
      GOOGLE_CLIENT_ID: '  ',
      DEMO_VIDEO_URL: '',
      CONTACT_EMAIL: '',
    });
    expect(config.port).toBe(3000);
    expect(config.contactEmail).toBeNull();
    expect(config.googleClientId).toBeNull();
    expect(config.demoVideoUrl).toBeNull();
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '3.5'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['DATABASE_OWNER_URL', 'memory://'],
    ['JWT_SECRET', 'short'],
    ['GOOGLE_JWKS_URL', 'not a url'],
    ['DEMO_VIDEO_URL', 'javascript:alert(1)'],
    ['CONTACT_EMAIL', 'not an address'],
    ['CORS_ORIGINS', 'https://ok.example.com,nonsense'],
    ['BODY_LIMIT_BYTES', '-1'],
    ['AUTH_RATE_LIMIT_IP', '0'],
    ['LOG_LEVEL', 'loud'],
    ['LOG_FORMAT', 'colourful'],
    ['WHATSAPP_DRIVER', 'selenium'],
    ['WHATSAPP_VERSION_URL', 'ftp://web.whatsapp.com/sw.js'],
  ])('rejects a bad %s (%s) with an error naming it', (name, value) => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), JWT_SECRET: 'x'.repeat(32), [name]: value })).toThrow(
      new RegExp(`^Invalid configuration: ${name} must`),
    );
  });

  it('generates the JWT secret once, keeps it owner-only in DATA_DIR and reuses it', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);

    const file = join(dataDir, 'secrets.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      jwt_secret: first,
      storage_signing_secret: expect.any(String), // the local file links' key, generated the same way
    });

    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first);
    expect(loadConfig({ DATA_DIR: tempDir() }).jwtSecret).not.toBe(first);
  });

  it('prefers JWT_SECRET (and STORAGE_SIGNING_SECRET) from env and then writes nothing', () => {
    const dataDir = tempDir();
    const env = { DATA_DIR: dataDir, JWT_SECRET: 'e'.repeat(32), STORAGE_SIGNING_SECRET: 'f'.repeat(32) };
    expect(loadConfig(env).jwtSecret).toBe('e'.repeat(32));
    expect(() => statSync(join(dataDir, 'secrets.json'))).toThrow();
  });
});
