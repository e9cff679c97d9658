import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, type Dirent } from 'node:fs';
import { mkdir, readdir, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Clock } from '../clock';
import { checkLink, type LinkCheck, type LinkParts, signLink } from './link-signature';
import {
  assertSafeObjectName,
  type ByteRange,
  isSafeObjectName,
  ObjectNotFoundError,
  type ObjectStorage,
  type PutOptions,
  type SignedUrl,
  type SignedUrlOptions,
  type StoredObject,
} from './storage';

export interface LocalStorageOptions {
  /** Directory holding the objects (DATA_DIR/objects by default). */
  root: string;
  /** HMAC key of the links served by GET /files/…. */
  signingSecret: string;
  clock: Clock;
}

export interface LocalStorage extends ObjectStorage {
  readonly kind: 'local';
  /** Whether a /files/ link is genuine and unexpired (its name is checked as well). */
  checkLink(parts: LinkParts, sig: string): LinkCheck;
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** The prefix of the temporary file a put writes before renaming it to the object's name. */
const PARTIAL = '.partial-';

interface FoundFile {
  path: string;
  /** Relative to the root, `/`-separated: the object name when it is one. */
  name: string;
  size: number;
  mtime: Date;
}

/** Every file under `folder`, depth first; files and folders that vanish while we look are skipped. */
async function* filesUnder(folder: string, prefix: string): AsyncGenerator<FoundFile> {
  let entries: Dirent[];
  try {
    entries = await readdir(folder, { withFileTypes: true });
  } catch (error) {
    if (isMissing(error)) return;
    throw error;
  }
  for (const entry of entries) {
    const path = join(folder, entry.name);
    const name = prefix + entry.name;
    if (entry.isDirectory()) {
      yield* filesUnder(path, `${name}/`);
    } else if (entry.isFile()) {
      try {
        const info = await stat(path);
        yield { path, name, size: info.size, mtime: info.mtime };
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    }
  }
}

export function createLocalStorage({ root, signingSecret, clock }: LocalStorageOptions): LocalStorage {
  // Empty means a shared secret was never fetched: links signed with it would be forgeable.
  if (!signingSecret) throw new Error('storage signing secret missing: resolveSharedSecrets must run first');
  const base = resolve(root);

  /** The file of an object; names are checked, and the resolved path must still lie under the root. */
  function pathOf(name: string): string {
    assertSafeObjectName(name);
    const path = resolve(base, name);
    const inside = relative(base, path);
    if (inside === '' || inside.startsWith('..') || inside.startsWith(sep)) {
      throw new Error(`Object name escapes the storage root: ${name}`);
    }
    return path;
  }

  /** Removes now-empty folders between an object's file and the root (each object has its own folder). */
  async function pruneFolders(path: string): Promise<void> {
    for (
      let folder = dirname(path);
      folder !== base && folder.startsWith(base + sep);
      folder = dirname(folder)
    ) {
      try {
        await rmdir(folder);
      } catch {
        return; // not empty (or already gone): stop climbing
      }
    }
  }

  return {
    kind: 'local',

    // Written under a temporary name and renamed, so a reader never sees half a file.
    async put(name, body, _options: PutOptions) {
      const path = pathOf(name);
      await mkdir(dirname(path), { recursive: true });
      const partial = join(dirname(path), `${PARTIAL}${randomBytes(8).toString('hex')}`);
      try {
        if (body instanceof Uint8Array) await writeFile(partial, body, { flag: 'wx' });
        else await pipeline(body, createWriteStream(partial, { flags: 'wx' }));
        await rename(partial, path);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },

    async head(name) {
      try {
        const info = await stat(pathOf(name));
        return info.isFile() ? { size: info.size } : null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async get(name, range?: ByteRange) {
      const path = pathOf(name);
      const stream = createReadStream(path, range ? { start: range.start, end: range.end } : {});
      // Open errors arrive as an event; wait for the open so a missing file rejects here.
      await new Promise<void>((resolveOpen, reject) => {
        stream.once('open', () => resolveOpen());
        stream.once('error', (error) => reject(isMissing(error) ? new ObjectNotFoundError(name) : error));
      });
      return stream;
    },

    async delete(names) {
      for (const name of names) {
        const path = pathOf(name);
        await rm(path, { force: true });
        await pruneFolders(path);
      }
    },

    async signedUrl(name, { expiresInSeconds, download }: SignedUrlOptions): Promise<SignedUrl> {
      assertSafeObjectName(name);
      const exp = String(Math.floor(clock().getTime() / 1000) + expiresInSeconds);
      const query = new URLSearchParams({ exp, sig: signLink(signingSecret, { name, exp, dl: download }) });
      if (download !== undefined) query.set('dl', download);
      const path = name.split('/').map(encodeURIComponent).join('/');
      return { url: `/files/${path}?${query}`, expiresAt: new Date(Number(exp) * 1000) };
    },

    async *list(prefix = ''): AsyncGenerator<StoredObject> {
      for await (const file of filesUnder(base, '')) {
        // Temporary files (and anything else not named like an object) are not objects.
        if (!file.name.startsWith(prefix) || !isSafeObjectName(file.name)) continue;
        yield { name: file.name, size: file.size, lastModified: file.mtime };
      }
    },

    async removeStaleTemporaries(olderThan) {
      let removed = 0;
      for await (const file of filesUnder(base, '')) {
        const fileName = file.name.slice(file.name.lastIndexOf('/') + 1);
        if (!fileName.startsWith(PARTIAL) || file.mtime >= olderThan) continue;
        await rm(file.path, { force: true });
        await pruneFolders(file.path);
        removed++;
      }
      return removed;
    },

    checkLink(parts, sig) {
      return checkLink(signingSecret, parts, sig, clock());
    },
  };
}
