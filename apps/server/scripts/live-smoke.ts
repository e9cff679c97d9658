// `WA_LIVE=1 npm run wa:live-smoke`: links a REAL WhatsApp account by QR code (shown in this terminal) and
// checks groups, paging and a media download through the server's own API (WA_LIVE_PAIR_PHONE=+49… links with
// a pairing code typed on that phone instead), then reports what only a real
// phone can tell (decision 0015): the WhatsApp Web version the session connected with and where it came
// from (§2), whether a pairing code asked for as Chrome is accepted (§11), whether on-demand history answers
// a request that gives the oldest timestamp in seconds, whether the answer echoes the request id
// (peerDataRequestSessionId), and how many LID senders resolve to a phone number. Never run by CI or
// `npm test`.
// State (creds, messages) is kept in ./data-live-smoke so a second run reuses the link without a scan;
// delete that folder, or unlink the device on the phone, when done.
import { resolve } from 'node:path';
import type {
  DownloadMediaResponse,
  GroupMessagesResponse,
  GroupsResponse,
  RequestPairingCodeResponse,
  SessionListResponse,
  SessionStatusResponse,
  StartSessionResponse,
  TokenPair,
} from '@wadesk/contract';
import QRCode from 'qrcode';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createDatabase, migrateDatabase } from '../src/db/client';
import { resolveSharedSecrets } from '../src/shared-secrets';
import { createWhatsAppAdapter } from '../src/whatsapp/create-driver';
import { recordingDriver } from './live-recorder';

if (process.env.WA_LIVE !== '1') {
  console.log(
    'live smoke test: set WA_LIVE=1 to link a real WhatsApp account (it talks to the real network).',
  );
  process.exit(0);
}

const dataDir = resolve(process.env.WA_LIVE_DATA_DIR ?? './data-live-smoke');
const loaded = loadConfig({
  ...process.env,
  DATA_DIR: dataDir,
  WHATSAPP_DRIVER: 'baileys',
  LOG_LEVEL: 'warn',
  DEMO_SEED: '0',
});
const database = await createDatabase(loaded.databaseUrl);
await migrateDatabase(database);
// On PostgreSQL the generated secrets live in the database (shared with any running server).
const config = await resolveSharedSecrets(loaded, database);
const { driver, recording } = recordingDriver(createWhatsAppAdapter(config).driver);
const app = await buildApp(config, { database, whatsapp: { driver } });
await app.ready();
const results: [string, boolean, string][] = [];
const check = (name: string, ok: boolean, detail: string) => {
  results.push([name, ok, detail]);
  console.log(`${ok ? 'PASS' : 'FAIL'}  ${name}: ${detail}`);
};
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function call<T>(url: string, payload: object, token?: string): Promise<{ status: number; body: T }> {
  const headers = token ? { authorization: `Bearer ${token}` } : {};
  const response = await app.inject({ method: 'POST', url, payload, headers });
  return { status: response.statusCode, body: response.json() as T };
}

/** The driver's on-demand requests for the group and the answers that came back within a minute. */
async function checkOnDemandHistory(groupJid: string): Promise<void> {
  const request = recording.requests.findLast((r) => r.groupJid === groupJid);
  if (!request) {
    check(
      'on-demand history: timestamp in seconds',
      true,
      'skipped: the store held enough, nothing was asked',
    );
    return;
  }
  const answered = () =>
    recording.answers.find((a) => a.groups.has(groupJid) || a.requestId === request.requestId);
  for (let i = 0; i < 60 && !answered(); i++) await sleep(1000);
  const answer = answered();
  const mine = answer?.groups.get(groupJid);
  check(
    'on-demand history: timestamp in seconds',
    Boolean(mine && mine.oldest < request.oldestTimestamp),
    !answer
      ? 'no answer within 60 s (keep WhatsApp open on the phone and run again)'
      : mine
        ? `asked before ${request.oldestTimestamp} s, got ${mine.count} messages back to ${mine.oldest} s`
        : 'an answer without messages for the group (the start of the chat, or an answer the buffer emptied)',
  );
  check(
    'on-demand history: request id echoed (peerDataRequestSessionId)',
    true,
    !answer
      ? 'unknown: no answer'
      : answer.requestId === request.requestId
        ? `yes (${request.requestId})`
        : `no: answer carried ${answer.requestId ?? 'none'}, request was ${request.requestId}`,
  );
}

/**
 * The WhatsApp Web version the session connected with (or that WhatsApp refused, also after asking for the
 * current one) and where it came from, as its health says.
 */
async function checkVersion(sessionId: string, token: string): Promise<void> {
  const list = (await call<SessionListResponse>('/api/getSessionsList/', {}, token)).body;
  const events = list.session_list.find((s) => s.sessionId === sessionId)?.health.events ?? [];
  const newest = events.find(
    (e) => (e.kind === 'linked' || e.kind === 'connected' || e.kind === 'version_refused') && e.version,
  );
  const version = newest?.version;
  const source = !version
    ? ''
    : version.source === 'fetched'
      ? `fetched from ${config.whatsappVersionUrl} at ${version.fetched_at}`
      : version.source === 'configured'
        ? 'configured (WHATSAPP_VERSION)'
        : 'built into Baileys (the fetch failed or answered nothing newer)';
  const refused = newest?.kind === 'version_refused' ? 'REFUSED by WhatsApp: ' : '';
  check(
    'client version (decision 0015 §2)',
    Boolean(version) && !refused,
    version ? `${refused}${version.number}, ${source}` : 'the health names no version',
  );
}

/**
 * Whether the phone accepted a pairing code asked for as the platform the driver announces for pairing
 * codes (decision 0015 §11): the session linked, and which platform it linked as.
 */
function checkPairingPlatform(sessionId: string, linked: boolean): void {
  const platform = app.whatsapp.gateway.state(sessionId)?.client?.platform ?? 'unknown';
  const asked = platform === 'chrome' ? 'companion platform 1, "Chrome (Mac OS)"' : `platform ${platform}`;
  check(
    'pairing code accepted with the Chrome platform (decision 0015 §11)',
    linked && platform === 'chrome',
    linked
      ? `linked; asked as ${asked}`
      : `not linked within 3 minutes; asked as ${asked} (did the phone show a prompt? a "couldn't link device"?)`,
  );
}

/** How many messages from LID senders on the groups' newest pages carry a phone number. */
async function checkLidResolution(session_id: string, token: string, groupIds: string[]): Promise<void> {
  let lidSenders = 0;
  let resolved = 0;
  for (const group_id of groupIds.slice(0, 20)) {
    const page = (await call<GroupMessagesResponse>('/api/getGroupsMsg/', { session_id, group_id }, token))
      .body;
    for (const message of page.messages ?? []) {
      if (!message.author?.endsWith('@lid')) continue;
      lidSenders += 1;
      if (message.author_number) resolved += 1;
    }
  }
  const rate = lidSenders ? Math.round((resolved / lidSenders) * 100) : 100;
  check(
    'LID senders resolved to a phone number',
    lidSenders === 0 || resolved > 0,
    lidSenders
      ? `${resolved} of ${lidSenders} messages (${rate} %); ${recording.pairs} pairs reported by the driver`
      : 'no LID-addressed senders on the newest pages',
  );
}

try {
  const account = {
    email: 'live-smoke@example.com',
    password1: 'LiveSmoke!1',
    first_name: 'Live',
    last_name: 'Smoke',
  };
  let tokens = (await call<TokenPair>('/users/register/', account)).body;
  if (!tokens.access_token)
    tokens = (
      await call<TokenPair>('/users/login/', { username: account.email, password: account.password1 })
    ).body;
  const token = tokens.access_token;

  const started = await call<StartSessionResponse>(
    '/api/startSession/',
    { session_name: 'LiveSmoke', description: 'wa:live-smoke' },
    token,
  );
  const sessionId = started.body.sessionID;
  check('start session', started.status === 200, `${started.body.message} (${sessionId})`);

  // WA_LIVE_PAIR_PHONE=+49…: link with a pairing code typed on that phone instead of scanning a QR code
  // (unless this data folder holds a linked session already: it reconnects, nothing is paired).
  const alreadyLinked =
    started.body.reconnected &&
    (await call<SessionStatusResponse>('/api/sessionStatus/', { sessionID: sessionId }, token)).body.phone !==
      null;
  const pairPhone = alreadyLinked ? undefined : process.env.WA_LIVE_PAIR_PHONE;
  if (process.env.WA_LIVE_PAIR_PHONE && alreadyLinked)
    console.log(
      'WA_LIVE_PAIR_PHONE ignored: the session is linked already (delete the data folder to pair again)',
    );
  if (pairPhone) {
    const pairing = await call<RequestPairingCodeResponse & { message?: string }>(
      '/api/requestPairingCode/',
      { sessionID: sessionId, phone: pairPhone },
      token,
    );
    check(
      'pairing code requested',
      pairing.status === 200 && /^[A-Z0-9]{8}$/.test(pairing.body.code ?? ''),
      pairing.status === 200 ? `${pairing.body.phone}` : `${pairing.status} ${pairing.body.message ?? ''}`,
    );
  }

  // Show each new QR code (or pairing code) until the phone links, for up to 3 minutes.
  let shown: string | null = null;
  let status: SessionStatusResponse | null = null;
  for (const deadline = Date.now() + 180_000; Date.now() < deadline; await sleep(500)) {
    status = (await call<SessionStatusResponse>('/api/sessionStatus/', { sessionID: sessionId }, token)).body;
    const code = pairPhone ? (app.whatsapp.gateway.state(sessionId)?.pairingCode ?? null) : null;
    if (code && code !== shown) {
      shown = code;
      console.log(`Type ${code.slice(0, 4)}-${code.slice(4)} on the phone: WhatsApp → Linked devices →`);
      console.log('Link a device → Link with phone number instead');
    }
    const qr = pairPhone ? null : (app.whatsapp.gateway.state(sessionId)?.qr ?? null);
    if (qr && qr !== shown) {
      shown = qr;
      console.log(await QRCode.toString(qr, { type: 'terminal', small: true }));
      console.log('Scan with WhatsApp → Linked devices → Link a device');
    }
    const stopped = [
      'unreachable',
      'qr_expired',
      'logged_out',
      'banned',
      'temporarily_banned',
      'version_refused',
    ];
    if (status.status === 'connected' || stopped.includes(status.status)) break;
  }
  check(
    pairPhone ? 'link by pairing code' : 'link by QR',
    status?.status === 'connected',
    `${status?.status} ${status?.reason ?? ''} phone ${status?.phone ?? '-'}`,
  );
  if (pairPhone) checkPairingPlatform(sessionId, status?.status === 'connected');
  await app.whatsapp.gateway.settled(sessionId);
  await checkVersion(sessionId, token ?? '');
  if (status?.status !== 'connected') throw new Error('not connected');

  let groups: GroupsResponse['groups'] = [];
  for (let i = 0; i < 60 && groups.length === 0; i++, await sleep(1000)) {
    groups = (await call<GroupsResponse>('/api/getGroups/', {}, token)).body.groups;
  }
  check('groups', groups.length > 0, `${groups.length} groups`);
  const wanted = process.env.WA_LIVE_GROUP;
  const group = groups.find((g) => !wanted || g.name.includes(wanted)) ?? groups[0];
  if (!group) throw new Error('no group');
  console.log(`using group "${group.name}"; waiting 20 s for history sync to arrive…`);
  await sleep(20_000);

  const base = { session_id: sessionId, group_id: group.group_id };
  const newest = (await call<GroupMessagesResponse>('/api/getGroupsMsg/', base, token)).body;
  check(
    'newest page',
    newest.messages.length > 0,
    `${newest.messages.length} messages, has_more_before ${newest.has_more_before}`,
  );
  const first = newest.messages[0];
  if (first) {
    const older = (
      await call<GroupMessagesResponse>(
        '/api/getGroupsMsg/',
        { ...base, msg_type: 'prev', msg_id: first.msg_id },
        token,
      )
    ).body;
    check(
      'previous page (asks the phone when the store runs out)',
      true,
      `${older.messages.length} messages, history_pending ${older.history_pending}`,
    );
  }
  await checkOnDemandHistory(group.group_id);
  await checkLidResolution(
    sessionId,
    token ?? '',
    groups.map((g) => g.group_id),
  );
  const media = newest.messages.find((m) => m.has_media);
  if (media) {
    const download = await call<DownloadMediaResponse>(
      '/api/downloadMedia/',
      { ...base, chat_id: group.group_id, message_id: media.msg_id },
      token,
    );
    const bytes = download.body.messageMedia
      ? Buffer.from(download.body.messageMedia.data, 'base64').length
      : 0;
    check(
      'media download',
      download.status === 200 && bytes > 0,
      `${download.body.messageMedia?.mimetype ?? download.status} ${bytes} bytes`,
    );
  } else {
    check('media download', true, 'skipped: no media message on the newest page');
  }
} catch (error) {
  check('run', false, error instanceof Error ? error.message : String(error));
} finally {
  await app.close();
  await database.close();
}
const failed = results.filter(([, ok]) => !ok).length;
console.log(`\n${results.length - failed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
