import { randomBytes } from 'node:crypto';
import { type Readable, Transform } from 'node:stream';
import { MEDIA_URL_PREFIX } from './phone-content';

/** Baileys' `upload` option: the encrypted file's path in, where WhatsApp's media servers keep it out. */
export type MediaUpload = (
  encFilePath: string,
  options: { mediaType: string; fileEncSha256B64: string },
) => Promise<{ mediaUrl: string; directPath: string }>;

export const noUpload: MediaUpload = async () => {
  throw new Error('This message carries no media.');
};

/** What the simulated media servers keep at most, all files together; the oldest go first. */
const KEPT_BYTES = 64 * 1024 * 1024;

export type SimulatedUploads = ReturnType<typeof createSimulatedUploads>;

/**
 * The simulated media servers: what the composer sent (docs/decisions/0024-group-composer.md) is kept as it
 * was sent, so that opening it in the conversation answers the same bytes. Demo mode only keeps the newest
 * files up to KEPT_BYTES; an older one downloads as the simulator's made-up media of its kind.
 */
export function createSimulatedUploads() {
  const files = new Map<string, Buffer>();
  let total = 0;

  function store(mediaId: string, bytes: Buffer): void {
    if (bytes.length > KEPT_BYTES) return;
    files.set(mediaId, bytes);
    total += bytes.length;
    for (const [id, kept] of files) {
      if (total <= KEPT_BYTES) break;
      files.delete(id);
      total -= kept.length;
    }
  }

  return {
    /**
     * Passes the file on to Baileys while keeping a copy of its bytes (up to KEPT_BYTES); `upload` is what
     * Baileys calls once it has encrypted them: the copy is stored under the new media id.
     */
    keep(file: Readable): { stream: Readable; upload: MediaUpload } {
      const chunks: Buffer[] = [];
      let seen = 0;
      // A transform, not a 'data' listener: the bytes flow only as fast as Baileys reads them.
      const stream = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          seen += chunk.length;
          if (seen <= KEPT_BYTES) chunks.push(chunk);
          done(null, chunk);
        },
      });
      file.on('error', (error) => stream.destroy(error));
      file.pipe(stream);
      const upload: MediaUpload = async () => {
        const mediaId = `sent-${randomBytes(8).toString('hex')}`;
        if (seen <= KEPT_BYTES) store(mediaId, Buffer.concat(chunks));
        return {
          mediaUrl: `${MEDIA_URL_PREFIX}${encodeURIComponent(mediaId)}`,
          directPath: `/simulator/${encodeURIComponent(mediaId)}`,
        };
      };
      return { stream, upload };
    },
    /** The bytes sent under `mediaId`, while they are kept. */
    bytes: (mediaId: string): Buffer | undefined => files.get(mediaId),
  };
}
