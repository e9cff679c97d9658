// `WA_LIVE=1 npm run wa:live-smoke`: links a REAL WhatsApp account by QR code (shown in this terminal) and
// checks groups, paging and a media download through the server's own API (WA_LIVE_PAIR_PHONE=+49… links with
// a pairing code typed on that phone instead), then reports what only a real
// phone can tell (decision 0015): the WhatsApp Web version the session connected with and where it came
// from (§2), whether a pairing code asked for as Chrome is accepted (§11), whether on-demand history answers
// a request that gives the oldest timestamp in seconds, whether the answer echoes the request id
// (peerDataRequestSessionId), how many LID senders resolve to a phone number, and each group's
// `addressing_mode`. With WA_LIVE_REPLY_GROUP=<part of a group's name> it also sends one text there and reports
// the receipts per member (ask the members to open the group), and a poll and the votes counted (vote on the
// phone); with WA_LIVE_ANNOUNCE_GROUP=<name> (a group where only admins send and this account is not one) it
// sends one text there and reports whether WhatsApp refused it (decision 0018, reply states). Never run by
// CI or `npm test`.
// State (creds, messages) is kept in ./data-live-smoke so a second run reuses the link without a scan;
// delete that folder, or unlink the device on the phone, when done.
import { resolve } from 'node:path';
import type {
  DownloadMediaResponse,
  GroupMessage,
  GroupMessagesResponse,
  GroupsResponse,
  RequestPairingCodeResponse,
  SessionGroup,
  SessionListResponse,
  SessionStatusResponse,
  StartSessionResponse,
  TokenPair,
} from '@wadesk/contract';
import type { WAMessage } from 'baileys';
import QRCode from 'qrcode';
import { buildApp } from '../src/app';
import { internalsOf } from '../src/app-internals';
import { loadConfig } from '../src/config';
import { createDatabase, migrateDatabase } from '../src/db/client';
import { resolveSharedSecrets } from '../src/shared-secrets';
import { createWhatsAppAdapter } from '../src/whatsapp/create-driver';
import type { SendReceipt } from '../src/whatsapp/driver';
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

/** The groups' addressing modes, as the group list and updates said (decision 0015). */
function checkAddressing(): void {
  const modes = [...recording.addressing.values()];
  const lid = modes.filter((mode) => mode === 'lid').length;
  check(
    'addressing_mode in the group list',
    modes.length > 0,
    modes.length
      ? `${modes.length} groups: ${lid} LID-addressed, ${modes.length - lid} phone-number-addressed`
      : 'no group list seen',
  );
}

/**
 * Sends `text` into the group as the linked account, quoting the group's newest message as a desk reply does,
 * straight through the gateway (no ticket is needed): WhatsApp's answers arrive in `recording.receipts`.
 */
async function sendProbe(sessionId: string, groupJid: string, quoted: GroupMessage, text: string) {
  const quotedMessage: WAMessage = {
    key: {
      remoteJid: groupJid,
      fromMe: quoted.from_me,
      id: quoted.id,
      ...(quoted.author ? { participant: quoted.author } : {}),
    },
    message: { conversation: quoted.body },
  };
  const sent = await app.whatsapp.gateway.sendText(
    sessionId,
    { groupJid, text, quoted: quotedMessage },
    async () => {},
  );
  return sent.key.id ?? '';
}

const receiptsFor = (waId: string) => recording.receipts.filter((receipt) => receipt.waId === waId);

/** Waits up to `seconds` for `done` over the receipts of one sent message. */
async function awaitReceipts(waId: string, seconds: number, done: (receipts: SendReceipt[]) => boolean) {
  for (let i = 0; i < seconds && !done(receiptsFor(waId)); i++) await sleep(1000);
  return receiptsFor(waId);
}

/** A reply into an announce-only group (the account no admin) comes back as failed, and with which code. */
async function checkAnnounceOnly(sessionId: string, group: SessionGroup, token: string): Promise<void> {
  const newest = await newestMessages(sessionId, group.group_id, token);
  const quoted = newest.at(-1);
  if (!quoted) {
    check('reply into an announce-only group fails', false, `"${group.name}" has no message to quote`);
    return;
  }
  const waId = await sendProbe(sessionId, group.group_id, quoted, 'wadesk live smoke: announce-only probe');
  const receipts = await awaitReceipts(waId, 60, (all) => all.some((r) => r.status === 'failed'));
  const failed = receipts.find((receipt) => receipt.status === 'failed');
  const seen = receipts.map((receipt) => receipt.status).join(', ') || 'nothing';
  check(
    'reply into an announce-only group comes back as failed',
    Boolean(failed),
    failed
      ? `failed with code ${failed.errorCode ?? 'none'}, refusal ${failed.refusal ?? 'unknown'}`
      : `not refused within 60 s; WhatsApp said: ${seen}`,
  );
}

/** Read receipts per member for one text sent into the group (members must open the group meanwhile). */
async function checkMemberReceipts(sessionId: string, group: SessionGroup, token: string): Promise<void> {
  const quoted = (await newestMessages(sessionId, group.group_id, token)).at(-1);
  if (!quoted) {
    check('receipts per member', false, `"${group.name}" has no message to quote`);
    return;
  }
  console.log(`sent a text to "${group.name}": open the group on another member's phone within 2 minutes…`);
  const waId = await sendProbe(
    sessionId,
    group.group_id,
    quoted,
    'wadesk live smoke: please open this group so the desk sees it read',
  );
  const receipts = await awaitReceipts(waId, 120, (all) =>
    all.some((r) => r.status === 'read' && r.member !== null),
  );
  const members = (status: SendReceipt['status']) =>
    new Set(receipts.filter((r) => r.status === status && r.member).map((r) => r.member));
  const read = members('read');
  const delivered = members('delivered');
  check(
    'receipts per member',
    read.size > 0,
    `server ack ${receipts.some((r) => r.status === 'sent') ? 'yes' : 'no'}; delivered to ${delivered.size}, ` +
      `read by ${read.size} member(s)${read.size ? `: ${[...read].join(', ')}` : ''}`,
  );
}

/**
 * A poll sent into the group and the votes counted (vote on a phone meanwhile): the poll as the group's
 * newest page shows it, once a vote is counted or after 3 minutes.
 */
async function checkPoll(sessionId: string, group: SessionGroup, token: string): Promise<void> {
  const sent = await app.whatsapp.gateway.sendPoll(
    sessionId,
    {
      groupJid: group.group_id,
      question: 'wadesk live smoke: which do you prefer?',
      options: ['Tea', 'Coffee'],
      selectableCount: 1,
      quoted: null,
    },
    async () => {},
  );
  const waId = sent.key.id ?? '';
  console.log(`sent a poll to "${group.name}": vote on it from a member's phone within 3 minutes…`);
  const pollOnPage = async () =>
    (await newestMessages(sessionId, group.group_id, token)).find((m) => m.id === waId)?.poll ?? null;
  let poll = await pollOnPage();
  for (let i = 0; i < 180 && !(poll && poll.voters > 0); i++, await sleep(1000)) poll = await pollOnPage();
  const counts = poll?.options.map((o) => `${o.name} ${o.voters.length}`).join(', ') ?? '';
  check(
    'poll sent and a vote counted',
    Boolean(poll && poll.voters > 0),
    !poll
      ? 'the sent poll is not on the newest page'
      : !poll.countable
        ? 'stored without its secret: votes cannot be read'
        : `${poll.voters} voter(s): ${counts}`,
  );
}

async function newestMessages(session_id: string, group_id: string, token: string) {
  return (await call<GroupMessagesResponse>('/api/getGroupsMsg/', { session_id, group_id }, token)).body
    .messages;
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
  // Linking a session needs a verified address (decision 0016); this account is the tester's own.
  await internalsOf(app).verifyAddress(account.email);

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
  checkAddressing();
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
  const byName = (name: string | undefined) => (name ? groups.find((g) => g.name.includes(name)) : undefined);
  const announceGroup = byName(process.env.WA_LIVE_ANNOUNCE_GROUP);
  if (announceGroup) await checkAnnounceOnly(sessionId, announceGroup, token ?? '');
  else
    console.log('announce-only check skipped: set WA_LIVE_ANNOUNCE_GROUP to a group where only admins send');
  const replyGroup = byName(process.env.WA_LIVE_REPLY_GROUP);
  if (replyGroup) {
    await checkMemberReceipts(sessionId, replyGroup, token ?? '');
    await checkPoll(sessionId, replyGroup, token ?? '');
  } else console.log('receipts and poll checks skipped: set WA_LIVE_REPLY_GROUP to a test group');
} catch (error) {
  check('run', false, error instanceof Error ? error.message : String(error));
} finally {
  await app.close();
  await database.close();
}
const failed = results.filter(([, ok]) => !ok).length;
console.log(`\n${results.length - failed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
