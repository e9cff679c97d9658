import type { WAVersion } from 'baileys';

/** Where the version a socket announces came from (decision 0015 §2). */
export type VersionSource = 'configured' | 'fetched' | 'built_in';

export interface ClientVersion {
  version: WAVersion;
  source: VersionSource;
  /** When the version was fetched (ISO 8601), for `fetched`. */
  fetchedAt: string | null;
}

/** The versions the runner announces, and asks again for when WhatsApp refuses one. */
export interface ClientVersions {
  /** The version to announce now. */
  current(): Promise<ClientVersion>;
  /**
   * WhatsApp refused `refused`: asks for the current version (at most once a minute for all sessions)
   * and answers it when it is newer than `refused`, else null.
   */
  afterRefusal(refused: WAVersion): Promise<ClientVersion | null>;
}

/** The last good version any instance fetched, shared through the database. */
export interface StoredVersion {
  version: WAVersion;
  fetchedAt: Date;
}

/** Where the last good version is kept (the sessions module's wa_client_version). */
export interface VersionStore {
  load(): Promise<StoredVersion | null>;
  /** Keeps `version` as fetched now unless a newer one is stored; answers what is stored afterwards. */
  save(version: WAVersion): Promise<StoredVersion>;
}

export interface ClientVersionOptions {
  /** WHATSAPP_VERSION: always announced, never replaced. */
  configured: WAVersion | null;
  /** The version built into Baileys (Defaults/index.js:5). */
  builtIn: WAVersion;
  /** WHATSAPP_VERSION_URL: WhatsApp Web's service worker, whose text names the current client revision. */
  url: string;
  store: VersionStore;
  log: { warn(object: object, message: string): void; info(object: object, message: string): void };
  /** How long one fetch may take (10 s). */
  timeoutMs?: number;
  /** How often the version is fetched again (daily). */
  everyMs?: number;
  /** Least time between two fetches after refusals (a minute): sessions refused together ask once. */
  refusalGapMs?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DAY_MS = 24 * 3_600_000;
const MINUTE_MS = 60_000;

/** -1, 0 or 1 as `a` is older than, the same as or newer than `b`. */
export function compareVersions(a: WAVersion, b: WAVersion): number {
  for (let i = 0; i < 3; i++) {
    const diff = (a[i] ?? 0) - (b[i] ?? 0);
    if (diff !== 0) return Math.sign(diff);
  }
  return 0;
}

export const versionText = (version: WAVersion): string => version.join('.');

/**
 * Fetches WhatsApp Web's current client version from `url`: the service worker's text carries
 * `"client_revision":<n>` (escaped inside a string there), and the version is 2.3000.<n> — what Baileys'
 * fetchLatestWaWebVersion reads (Utils/generics.js:218-250), which cannot be pointed elsewhere and answers
 * its built-in version on any failure. Throws on an HTTP error, a time-out or a text without a revision.
 */
export async function fetchWaWebVersion(url: string, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<WAVersion> {
  const response = await fetch(url, {
    signal: AbortSignal.timeout(timeoutMs),
    // What a browser opening the address sends; the page refuses clients that look like scripts.
    headers: {
      'sec-fetch-site': 'none',
      'user-agent':
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    },
  });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const revision = (await response.text()).match(/\\?"client_revision\\?":\s*(\d{1,15})\b/)?.[1];
  if (!revision) throw new Error(`${url} named no client revision`);
  return [2, 3000, Number(revision)];
}

export type ClientVersionKeeper = ClientVersions & {
  /** Loads the stored version and fetches the current one; then again every day. */
  start(): void;
  stop(): void;
};

/**
 * The WhatsApp Web version sockets announce (decision 0015 §2): WHATSAPP_VERSION when set; otherwise the
 * newest of the version built into Baileys and the last good version fetched (by any instance: it is
 * stored). It is fetched at start, daily, and after WhatsApp refuses a version; an answer that is not a
 * version at least as new as the stored and the built-in one is never stored.
 */
export function createClientVersionKeeper(options: ClientVersionOptions): ClientVersionKeeper {
  const { configured, builtIn, url, store, log } = options;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const refusalGapMs = options.refusalGapMs ?? MINUTE_MS;
  let best: ClientVersion = configured
    ? { version: configured, source: 'configured', fetchedAt: null }
    : { version: builtIn, source: 'built_in', fetchedAt: null };
  let ready: Promise<void> | null = null;
  let checking: Promise<void> | null = null;
  let lastCheck = 0;
  let timer: NodeJS.Timeout | null = null;

  /** The stored version when it is at least as new as the built-in one. */
  function adopt(stored: StoredVersion | null): void {
    if (configured || !stored || compareVersions(stored.version, builtIn) < 0) return;
    best = { version: stored.version, source: 'fetched', fetchedAt: stored.fetchedAt.toISOString() };
  }

  async function fetchAndStore(): Promise<void> {
    let fetched: WAVersion;
    try {
      fetched = await fetchWaWebVersion(url, timeoutMs);
    } catch (error) {
      log.warn({ err: error, url }, 'fetching the current WhatsApp Web version failed');
      adopt(await store.load());
      return;
    }
    const stored = await store.load();
    const floor = stored && compareVersions(stored.version, builtIn) > 0 ? stored.version : builtIn;
    if (compareVersions(fetched, floor) < 0) {
      log.warn(
        { fetched: versionText(fetched), known: versionText(floor) },
        'WhatsApp Web answered a version older than one already known: not kept',
      );
      adopt(stored);
      return;
    }
    adopt(await store.save(fetched));
    log.info({ version: versionText(best.version) }, 'WhatsApp Web version checked');
  }

  /** One check at a time; a failure is logged and keeps what was known. */
  function check(): Promise<void> {
    if (configured) return Promise.resolve();
    checking ??= fetchAndStore()
      .catch((error) => log.warn({ err: error }, 'checking the WhatsApp Web version failed'))
      .finally(() => {
        lastCheck = Date.now();
        checking = null;
      });
    return checking;
  }

  function start(): void {
    if (ready || configured) return;
    ready = (async () => {
      adopt(await store.load().catch(() => null));
      await check();
    })();
    timer = setInterval(() => void check(), options.everyMs ?? DAY_MS);
    timer.unref();
  }

  return {
    start,
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
    async current() {
      start();
      await ready;
      return best;
    },
    async afterRefusal(refused) {
      if (configured) return null;
      start();
      await ready;
      if (checking) await checking;
      else if (Date.now() - lastCheck >= refusalGapMs) await check();
      else adopt(await store.load().catch(() => null));
      return compareVersions(best.version, refused) > 0 ? best : null;
    },
  };
}
