import { Readable } from 'node:stream';
import type { DownloadMediaResponse } from '@wadesk/contract';

/** A stored media file on its way to the client. */
export interface MediaFile {
  mimetype: string;
  filename: string | null;
  /** The file's bytes, read from object storage. */
  stream: Readable;
}

/**
 * POST /api/downloadMedia/'s answer, `{success, messageMedia: {mimetype, data, filename}}` with the file
 * base64 in `data`, written as the file is read: a file of the size the server downloads (MEDIA_MAX_BYTES,
 * 100 MB) is never held whole, neither as bytes nor as its base64 text, which the response serialiser would
 * need. The keys and their order are the contract's (downloadMediaResponse).
 */
export function mediaAnswer({ mimetype, filename, stream }: MediaFile): Readable {
  const meta: Omit<DownloadMediaResponse['messageMedia'], 'data'> = { mimetype, filename };
  const head = `{"success":true,"messageMedia":{"mimetype":${JSON.stringify(meta.mimetype)},"data":"`;
  const tail = `","filename":${JSON.stringify(meta.filename)}}}`;
  return Readable.from(
    (async function* () {
      yield head;
      // Base64 turns every 3 bytes into 4 characters: a chunk's last 1 or 2 bytes wait for the next one.
      let carried: Buffer = Buffer.alloc(0);
      for await (const chunk of stream) {
        const bytes: Buffer = carried.length ? Buffer.concat([carried, chunk]) : chunk;
        const whole = bytes.length - (bytes.length % 3);
        if (whole > 0) yield bytes.subarray(0, whole).toString('base64');
        carried = bytes.subarray(whole);
      }
      yield `${carried.toString('base64')}${tail}`;
    })(),
    { objectMode: false },
  );
}
