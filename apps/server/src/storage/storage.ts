import type { Readable } from 'node:stream';

/** Inclusive byte offsets, as in an HTTP Range header. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface PutOptions {
  contentType: string;
  /**
   * The body's length. A stream of a length not known in advance (a download from WhatsApp) leaves it out:
   * it is stored as it arrives, never held whole in memory.
   */
  size?: number;
}

export interface SignedUrlOptions {
  expiresInSeconds: number;
  /** Serve the object as a download saved under this file name; without it, inline. */
  download?: string;
}

export interface SignedUrl {
  /** Absolute for S3; a same-origin path (`/files/…`) for local storage. */
  url: string;
  expiresAt: Date;
}

/** One stored object, as a listing reports it. */
export interface StoredObject {
  name: string;
  size: number;
  /** When it was last written (the file's mtime; S3's LastModified). */
  lastModified: Date;
}

/**
 * Where uploaded files live. Names are opaque keys chosen by the caller (see `isSafeObjectName`); a
 * driver never trusts them to stay inside its storage root on its own.
 */
export interface ObjectStorage {
  readonly kind: 'local' | 's3';
  /**
   * Stores the body under `name`, whole or not at all: a stream that fails (or is destroyed with an error)
   * rejects the put and leaves no object.
   */
  put(name: string, body: Uint8Array | Readable, options: PutOptions): Promise<void>;
  /** The object's size, or null when there is no such object. */
  head(name: string): Promise<{ size: number } | null>;
  /** The object's bytes (a range of them when given); rejects with ObjectNotFoundError. */
  get(name: string, range?: ByteRange): Promise<Readable>;
  /** Removes the objects; names that do not exist are skipped. */
  delete(names: readonly string[]): Promise<void>;
  /** A link anyone holding it may use until it expires. */
  signedUrl(name: string, options: SignedUrlOptions): Promise<SignedUrl>;
  /** Every object whose name starts with `prefix` (all of them without one), in no particular order. */
  list(prefix?: string): AsyncIterable<StoredObject>;
  /**
   * Removes what a put cut short left behind (the local driver's `.partial-*` files) last written
   * before `olderThan`, and answers how many. S3 keeps nothing of a failed single-request put.
   */
  removeStaleTemporaries(olderThan: Date): Promise<number>;
}

export class ObjectNotFoundError extends Error {
  constructor(name: string) {
    super(`No stored object named ${name}`);
    this.name = 'ObjectNotFoundError';
  }
}

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;

/**
 * Names are `/`-separated segments of letters, digits, `.`, `_` and `-`, none starting with a dot: no
 * `..`, no absolute paths, no backslashes, nothing a file system or an S3 console reads specially.
 */
export function isSafeObjectName(name: string): boolean {
  if (name.length === 0 || name.length > 512) return false;
  return name.split('/').every((segment) => SEGMENT.test(segment));
}

export function assertSafeObjectName(name: string): void {
  if (!isSafeObjectName(name)) throw new Error(`Unsafe object name: ${JSON.stringify(name)}`);
}
