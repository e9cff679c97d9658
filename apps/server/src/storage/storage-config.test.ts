import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { cspDirectives } from '../http/security';
import { s3PublicOrigin } from './s3-origin';

const base = () => ({
  DATA_DIR: mkdtempSync(join(tmpdir(), 'wadesk-storage-config-')),
  JWT_SECRET: 'j'.repeat(32),
});
const s3 = { S3_BUCKET: 'chat-media', S3_ACCESS_KEY_ID: 'AKIA1', S3_SECRET_ACCESS_KEY: 'secret' };

describe('storage configuration', () => {
  it('defaults to local disk under DATA_DIR/objects with a generated signing secret, 15-minute links, 4 MB uploads', () => {
    const env = base();
    const config = loadConfig(env);
    expect(config.storage).toEqual({
      kind: 'local',
      root: join(env.DATA_DIR, 'objects'),
      signingSecret: expect.stringMatching(/^.{32,}$/),
    });
    expect(loadConfig(env).storage).toEqual(config.storage); // kept in secrets.json, not regenerated
    expect(config.signedUrlTtlSeconds).toBe(900);
    expect(config.uploadLimitBytes).toBe(4 * 1024 * 1024);
    expect(config.chatSaveBodyLimitBytes).toBe(64 * 1024 * 1024);
    expect(config.mediaMaxBytes).toBe(100 * 1024 * 1024);
  });

  it('uses STORAGE_SIGNING_SECRET when given', () => {
    const config = loadConfig({ ...base(), STORAGE_SIGNING_SECRET: 'k'.repeat(40) });
    expect(config.storage).toMatchObject({ kind: 'local', signingSecret: 'k'.repeat(40) });
  });

  it('chooses S3 when S3_BUCKET is set', () => {
    const config = loadConfig({
      ...base(),
      ...s3,
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_REGION: 'eu-central-1',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(config.storage).toEqual({
      kind: 's3',
      bucket: 'chat-media',
      region: 'eu-central-1',
      endpoint: 'http://127.0.0.1:9000',
      accessKeyId: 'AKIA1',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
  });

  it('leaves credentials to the SDK when neither key is given, and defaults the region', () => {
    expect(loadConfig({ ...base(), S3_BUCKET: 'chat-media' }).storage).toMatchObject({
      kind: 's3',
      region: 'us-east-1',
      endpoint: null,
      accessKeyId: null,
      secretAccessKey: null,
      forcePathStyle: false,
    });
  });

  it.each([
    [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, /S3_BUCKET is required when S3_ENDPOINT is set/],
    [{ S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 'b' }, /S3_BUCKET is required/],
    [{ S3_BUCKET: 'chat-media', S3_ACCESS_KEY_ID: 'a' }, /S3_SECRET_ACCESS_KEY is required/],
    [{ S3_BUCKET: 'chat-media', S3_SECRET_ACCESS_KEY: 'b' }, /S3_ACCESS_KEY_ID is required/],
    [{ S3_BUCKET: 'Not_A_Bucket' }, /S3_BUCKET must be a valid bucket name/],
    [{ ...s3, S3_ENDPOINT: 'ftp://files' }, /S3_ENDPOINT must be an http\(s\) URL/],
    [{ ...s3, S3_FORCE_PATH_STYLE: 'yes' }, /S3_FORCE_PATH_STYLE must be true or false/],
    [{ STORAGE_SIGNING_SECRET: 'short' }, /STORAGE_SIGNING_SECRET must be at least 32 characters/],
    [{ SIGNED_URL_TTL_SECONDS: '10' }, /SIGNED_URL_TTL_SECONDS must be a whole number between 60 and 604800/],
    [{ UPLOAD_LIMIT_BYTES: '4MB' }, /UPLOAD_LIMIT_BYTES must be a whole number/],
    [{ CHAT_SAVE_BODY_LIMIT_BYTES: '-1' }, /CHAT_SAVE_BODY_LIMIT_BYTES must be a whole number/],
  ])('rejects %o naming the variable', (env, message) => {
    expect(() => loadConfig({ ...base(), ...env })).toThrow(message);
  });

  it('reads the link lifetime and the limits', () => {
    const config = loadConfig({
      ...base(),
      SIGNED_URL_TTL_SECONDS: '120',
      UPLOAD_LIMIT_BYTES: '2048',
      CHAT_SAVE_BODY_LIMIT_BYTES: '4096',
      MEDIA_MAX_BYTES: '8192',
    });
    expect(config).toMatchObject({
      signedUrlTtlSeconds: 120,
      uploadLimitBytes: 2048,
      chatSaveBodyLimitBytes: 4096,
      mediaMaxBytes: 8192,
    });
  });

  it('knows the origin presigned links use, for the Content-Security-Policy', () => {
    const aws = { bucket: 'media', region: 'eu-west-1', endpoint: null, forcePathStyle: false };
    expect(s3PublicOrigin(aws)).toBe('https://media.s3.eu-west-1.amazonaws.com');
    expect(s3PublicOrigin({ ...aws, endpoint: 'http://127.0.0.1:9000/', forcePathStyle: true })).toBe(
      'http://127.0.0.1:9000',
    );
    expect(s3PublicOrigin({ ...aws, endpoint: 'https://objects.example.com' })).toBe(
      'https://media.objects.example.com',
    );
  });

  it('lets the SPA load media and fetch from the S3 origin only when S3 is configured', () => {
    const storage = loadConfig({
      ...base(),
      ...s3,
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_FORCE_PATH_STYLE: 'true',
    }).storage;
    const csp = cspDirectives({ googleClientId: null, demoVideoUrl: null, storage });
    for (const directive of [csp.imgSrc, csp.mediaSrc, csp.connectSrc]) {
      expect(directive).toContain('http://127.0.0.1:9000');
    }
    expect(csp.scriptSrc).not.toContain('http://127.0.0.1:9000');
    const local = cspDirectives({
      googleClientId: null,
      demoVideoUrl: null,
      storage: loadConfig(base()).storage,
    });
    expect(local.mediaSrc).toEqual(["'self'", 'blob:']);
  });
});
