import { publicConfig } from '@wadesk/contract';
import { describe, expect, it } from 'vitest';
import { BAD_RESPONSE } from '@/shared/api/api-client';
import { parsePublicConfig } from './public-config';

const valid = {
  google_client_id: null,
  demo_video_url: 'https://video.example/demo.mp4',
  whatsapp_driver: 'simulator',
  contact_email: 'hello@example.com',
};

describe('parsePublicConfig', () => {
  it('accepts what the contract accepts and keeps only its fields', () => {
    const body = { ...valid, extra: 1 };
    expect(parsePublicConfig(body)).toEqual(publicConfig.parse(body));
  });

  it.each([
    ['a missing field', { ...valid, contact_email: undefined }],
    ['a number for a text', { ...valid, demo_video_url: 5 }],
    ['an unknown driver', { ...valid, whatsapp_driver: 'telegram' }],
    ['no object', 'Service unavailable'],
    ['nothing', null],
  ])('refuses %s as the contract does', (_case, body) => {
    expect(publicConfig.safeParse(body).success).toBe(false);
    expect(() => parsePublicConfig(body)).toThrow(BAD_RESPONSE);
  });
});
