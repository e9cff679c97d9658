import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { s3PublicOrigin } from '../storage/s3-origin';

const GOOGLE = 'https://accounts.google.com';
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The SPA's Content-Security-Policy: our own origin, plus Google, the demo video and the S3 endpoint
 * (where presigned media links point) only when configured.
 */
export function cspDirectives(
  config: Pick<Config, 'googleClientId' | 'demoVideoUrl'> & { storage?: Config['storage'] },
): Record<string, string[]> {
  const google = config.googleClientId ? [GOOGLE] : [];
  const media = config.storage?.kind === 's3' ? [s3PublicOrigin(config.storage)] : [];
  const frames = [...(config.demoVideoUrl ? [new URL(config.demoVideoUrl).origin] : []), ...google];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...google],
    styleSrc: ["'self'", "'unsafe-inline'", ...google],
    imgSrc: ["'self'", 'data:', 'blob:', ...media],
    mediaSrc: ["'self'", 'blob:', ...media],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...google, ...media],
    frameSrc: frames.length > 0 ? frames : ["'none'"],
    workerSrc: ["'self'", 'blob:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    frameAncestors: ["'none'"],
  };
}

export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(helmet, {
    // No helmet defaults: they add upgrade-insecure-requests, which breaks a plain-http self-hosted install.
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config) },
    // Google's sign-in popup reports back to the opener window.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // Embedded players and Google sign-in refuse requests that carry no referrer origin at all.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Set below, and only over TLS: on a plain-http install it would lock browsers out of the site.
    strictTransportSecurity: false,
  });
  // `request.protocol` is https over TLS, or when a proxy named by TRUST_PROXY says so.
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
  if (config.corsOrigins.length > 0) {
    await app.register(cors, {
      origin: config.corsOrigins,
      methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    });
  }
}
