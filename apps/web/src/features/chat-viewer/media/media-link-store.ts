import { PRESIGN_BATCH_MAX, type PresignBatchResponse } from '@wadesk/contract';

/** What a media element shows for one attachment object. */
export type MediaLinkSnapshot =
  | { status: 'loading' }
  | { status: 'ready'; url: string }
  /** Not the user's, or no longer stored: a placeholder. */
  | { status: 'missing' }
  /** No link could be had, or the file itself does not load. */
  | { status: 'failed' };

export interface MediaLinkStoreOptions {
  /** One batch presign call (POST /v1/getPresignedUrls/). */
  fetchLinks(objectNames: string[]): Promise<PresignBatchResponse>;
  now?: () => number;
  /** Quiet time after the last newly shown attachment before the batch goes out… */
  debounceMs?: number;
  /** …but never later than this after the first one (a long scroll still gets its links). */
  maxWaitMs?: number;
  /** Links in view are renewed this long before they expire (at most half their life). */
  renewBeforeMs?: number;
  /** Waits before asking again after a failed call; then the attachments show as failed. */
  retryDelaysMs?: readonly number[];
  batchMax?: number;
  /** An element error on a link younger than this is the file's fault, not the link's: no renewal. */
  minAgeForErrorRenewalMs?: number;
}

interface Link {
  url: string;
  fetchedAt: number;
  renewAt: number;
}

interface Entry {
  /** How many elements in the page show it now. */
  wanted: number;
  link: Link | null;
  missing: boolean;
  failed: boolean;
  inFlight: boolean;
  attempts: number;
  /** The link an element failed to load; kept on show until its replacement arrives. */
  brokenUrl: string | null;
  snapshot: MediaLinkSnapshot;
}

const LOADING: MediaLinkSnapshot = Object.freeze({ status: 'loading' });
const MISSING: MediaLinkSnapshot = Object.freeze({ status: 'missing' });
const FAILED: MediaLinkSnapshot = Object.freeze({ status: 'failed' });
// Links due within this of each other are renewed in the same call.
const RENEW_TOGETHER_MS = 5_000;

export type MediaLinkStore = ReturnType<typeof createMediaLinkStore>;

/**
 * Signed links for the attachments of a server chat (docs/decisions/0003): the names shown in the page
 * are asked for in one batch call (merged while the list scrolls), cached by object name, and renewed
 * before they expire or when an element reports an error. Elements subscribe to snapshots by name.
 */
export function createMediaLinkStore(options: MediaLinkStoreOptions) {
  const {
    fetchLinks,
    now = Date.now,
    debounceMs = 80,
    maxWaitMs = 400,
    renewBeforeMs = 60_000,
    retryDelaysMs = [2_000, 8_000],
    batchMax = PRESIGN_BATCH_MAX,
    minAgeForErrorRenewalMs = 5_000,
  } = options;
  const entries = new Map<string, Entry>();
  const listeners = new Set<() => void>();
  const queue = new Set<string>();
  let flushTimer: ReturnType<typeof setTimeout> | null = null;
  let firstQueuedAt = 0;
  let renewTimer: ReturnType<typeof setTimeout> | null = null;
  let renewAt = Number.POSITIVE_INFINITY;
  const retryTimers = new Set<ReturnType<typeof setTimeout>>();

  const notify = () => {
    for (const listener of listeners) listener();
  };

  const entryOf = (name: string): Entry => {
    let entry = entries.get(name);
    if (!entry) {
      entry = {
        wanted: 0,
        link: null,
        missing: false,
        failed: false,
        inFlight: false,
        attempts: 0,
        brokenUrl: null,
        snapshot: LOADING,
      };
      entries.set(name, entry);
    }
    return entry;
  };

  const due = (entry: Entry, slack = 0) =>
    !entry.inFlight &&
    !entry.missing &&
    !entry.failed &&
    (entry.link === null || now() + slack >= entry.link.renewAt);

  function enqueue(name: string) {
    queue.add(name);
    const at = now();
    if (flushTimer === null) firstQueuedAt = at;
    else clearTimeout(flushTimer);
    const wait = Math.max(0, Math.min(debounceMs, firstQueuedAt + maxWaitMs - at));
    flushTimer = setTimeout(flush, wait);
  }

  function flush() {
    if (flushTimer !== null) clearTimeout(flushTimer);
    flushTimer = null;
    // Attachments scrolled past before the batch went out are not asked for.
    const names = [...queue].filter((name) => {
      const entry = entries.get(name);
      return entry !== undefined && entry.wanted > 0 && due(entry, RENEW_TOGETHER_MS);
    });
    queue.clear();
    for (let start = 0; start < names.length; start += batchMax)
      void request(names.slice(start, start + batchMax));
  }

  async function request(names: string[]) {
    const sentAt = now();
    for (const name of names) entryOf(name).inFlight = true;
    let answer: PresignBatchResponse;
    try {
      answer = await fetchLinks(names);
    } catch {
      for (const name of names) failedOnce(entryOf(name), name);
      notify();
      return;
    }
    // Counted from when the call was sent: never later than the server's own expiry.
    const life = Math.max(0, answer.expires_in * 1000);
    const renewAtTime = sentAt + life - Math.min(renewBeforeMs, life / 2);
    for (const name of names) {
      const entry = entryOf(name);
      entry.inFlight = false;
      const url = answer.urls[name];
      if (url === undefined) {
        entry.missing = true;
        entry.snapshot = MISSING;
        continue;
      }
      entry.attempts = 0;
      entry.brokenUrl = null;
      entry.link = { url, fetchedAt: sentAt, renewAt: renewAtTime };
      entry.snapshot = Object.freeze({ status: 'ready', url });
    }
    notify();
    scheduleRenewal();
  }

  function failedOnce(entry: Entry, name: string) {
    entry.inFlight = false;
    const delay = retryDelaysMs[entry.attempts++];
    if (delay === undefined) {
      // Out of retries: a link that still works stays; otherwise the element says it failed.
      if (entry.link === null || entry.link.url === entry.brokenUrl) {
        entry.failed = true;
        entry.snapshot = FAILED;
      }
      return;
    }
    const timer = setTimeout(() => {
      retryTimers.delete(timer);
      if (entry.wanted > 0 && due(entry)) enqueue(name);
    }, delay);
    retryTimers.add(timer);
  }

  function scheduleRenewal() {
    let earliest = Number.POSITIVE_INFINITY;
    for (const entry of entries.values())
      if (entry.wanted > 0 && entry.link && !entry.inFlight && !entry.missing && !entry.failed)
        earliest = Math.min(earliest, entry.link.renewAt);
    if (earliest === renewAt) return;
    if (renewTimer !== null) clearTimeout(renewTimer);
    renewTimer = null;
    renewAt = earliest;
    if (earliest === Number.POSITIVE_INFINITY) return;
    renewTimer = setTimeout(renewInView, Math.max(0, earliest - now()));
  }

  function renewInView() {
    renewTimer = null;
    renewAt = Number.POSITIVE_INFINITY;
    for (const [name, entry] of entries)
      if (entry.wanted > 0 && entry.link && due(entry, RENEW_TOGETHER_MS)) queue.add(name);
    flush();
    scheduleRenewal();
  }

  return {
    get(name: string): MediaLinkSnapshot {
      return entries.get(name)?.snapshot ?? LOADING;
    },

    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** An element shows `name`: get (or renew) its link. Returns the release for when it goes. */
    want(name: string): () => void {
      const entry = entryOf(name);
      entry.wanted++;
      if (due(entry)) enqueue(name);
      else if (entry.link && entry.link.renewAt < renewAt) scheduleRenewal();
      let released = false;
      return () => {
        if (released) return;
        released = true;
        entry.wanted--;
      };
    },

    /**
     * An element could not load `url` (e.g. a 403 after a laptop slept): renew the link now. The old
     * one stays shown until then, so a player keeps its place.
     */
    reportError(name: string, url: string) {
      const entry = entries.get(name);
      if (!entry?.link || entry.link.url !== url || entry.inFlight || entry.failed) return;
      if (now() - entry.link.fetchedAt < minAgeForErrorRenewalMs) {
        entry.failed = true;
        entry.snapshot = FAILED;
        notify();
        return;
      }
      entry.brokenUrl = url;
      entry.link = { ...entry.link, renewAt: Number.NEGATIVE_INFINITY };
      if (entry.wanted > 0) enqueue(name);
    },

    /** Stops the timers (the store keeps working if used again). */
    dispose() {
      for (const timer of [flushTimer, renewTimer, ...retryTimers]) if (timer !== null) clearTimeout(timer);
      flushTimer = null;
      renewTimer = null;
      renewAt = Number.POSITIVE_INFINITY;
      retryTimers.clear();
      queue.clear();
    },
  };
}
