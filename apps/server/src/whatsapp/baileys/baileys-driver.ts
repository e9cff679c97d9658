import makeWASocket, {
  Browsers,
  type Contact,
  type GroupMetadata,
  isLidUser,
  jidDecode,
  jidNormalizedUser,
  makeCacheableSignalKeyStore,
  proto,
} from 'baileys';
import type { Logger } from 'pino';
import { classifyClose } from '../close-reason';
import type { ContactInfo, GroupInfo, LinkedAccount, WhatsAppDriver } from '../driver';
import { downloadWaMedia } from './media';

export interface BaileysOptions {
  logger: Logger;
  /** Only for tests against loopback; production uses Baileys' default WhatsApp address. */
  waWebSocketUrl?: string;
  connectTimeoutMs: number;
  keepAliveIntervalMs: number;
}

const { HistorySyncType } = proto.HistorySync;

/**
 * The real driver: one Baileys socket per connection attempt. Settings follow decision 0015 §4: a desktop
 * browser identity and syncFullHistory so the phone sends its whole history, markOnlineOnConnect off so
 * the phone keeps its notifications, and the version built into the library (never fetched at run time).
 */
export function createBaileysDriver(options: BaileysOptions): WhatsAppDriver {
  return {
    name: 'baileys',
    downloadMedia: (message) => downloadWaMedia(message, { logger: options.logger }),
    connect({ sessionId, auth, events }) {
      const logger = options.logger.child({ sessionId });
      const sock = makeWASocket({
        auth: { creds: auth.state.creds, keys: makeCacheableSignalKeyStore(auth.state.keys, logger) },
        logger,
        browser: Browsers.macOS('Desktop'),
        syncFullHistory: true,
        shouldSyncHistoryMessage: () => true,
        markOnlineOnConnect: false,
        connectTimeoutMs: options.connectTimeoutMs,
        keepAliveIntervalMs: options.keepAliveIntervalMs,
        generateHighQualityLinkPreview: false,
        // We never send messages, so there is nothing to resend on a retry receipt.
        getMessage: async () => undefined,
        ...(options.waWebSocketUrl ? { waWebSocketUrl: options.waWebSocketUrl } : {}),
      });
      let ended = false;

      sock.ev.on('creds.update', () => {
        auth.saveCreds().catch((error) => logger.error({ err: error }, 'saving creds failed'));
      });
      sock.ev.on('connection.update', ({ connection, qr, lastDisconnect }) => {
        if (qr) events.qr(qr);
        if (connection === 'open') events.open(accountOf(sock.user));
        if (connection === 'close' && !ended) {
          ended = true;
          events.close(classifyClose(lastDisconnect?.error));
        }
      });
      sock.ws.on('frame', () => events.activity());
      sock.ev.on(
        'messaging-history.set',
        ({ messages, contacts, lidPnMappings, syncType, peerDataRequestSessionId }) => {
          events.history({
            messages,
            contacts: [
              ...contacts.map(toContact),
              ...(lidPnMappings ?? []).flatMap(({ lid, pn }) => pair(lid, pn)),
            ],
            onDemand: syncType === HistorySyncType.ON_DEMAND,
            requestId: peerDataRequestSessionId ?? null,
          });
        },
      );
      // 'notify' is a new message; 'append' one that arrived while we were offline: both are live traffic.
      sock.ev.on('messages.upsert', ({ messages }) => events.live(messages));
      sock.ev.on('contacts.upsert', (contacts) => events.contacts(contacts.map(toContact)));
      sock.ev.on('contacts.update', (updates) =>
        events.contacts(updates.filter((c): c is Contact => Boolean(c.id)).map(toContact)),
      );
      sock.ev.on('groups.upsert', (groups) => events.groups(groups.map(toGroup)));
      sock.ev.on('groups.update', (updates) => {
        // A subject change arrives as a partial update: refetch the whole list rather than guess the rest.
        if (updates.some((u) => u.subject)) {
          sock.groupFetchAllParticipating().then(
            (all) => events.groups(Object.values(all).map(toGroup)),
            (error) => logger.warn({ err: error }, 'group refetch failed'),
          );
        }
      });

      const end = async () => {
        if (ended) return;
        ended = true;
        await sock.end(undefined);
      };

      return {
        listGroups: async () => Object.values(await sock.groupFetchAllParticipating()).map(toGroup),
        // The proto field is oldestMsgTimestampMs; whether the phone reads it as ms is still to be seen live.
        requestHistory: (_groupJid, oldest, count) =>
          sock.fetchMessageHistory(Math.min(count, 50), oldest.key, oldest.timestamp * 1000),
        downloadMedia: (message) =>
          downloadWaMedia(message, { logger, reuploadRequest: sock.updateMediaMessage }),
        async logout() {
          try {
            ended = true;
            await sock.logout();
          } finally {
            await sock.end(undefined).catch(() => {});
          }
        },
        end,
      };
    },
  };
}

function accountOf(user: Contact | undefined): LinkedAccount {
  const jid = user?.id ? jidNormalizedUser(user.id) : null;
  return {
    jid,
    lid: user?.lid ? jidNormalizedUser(user.lid) : null,
    phone: jid ? (jidDecode(jid)?.user ?? null) : null,
  };
}

function toContact(contact: Contact): ContactInfo {
  const alt = isLidUser(contact.id) ? contact.phoneNumber : contact.lid;
  return {
    jid: jidNormalizedUser(contact.id),
    name: contact.name || contact.notify || contact.verifiedName || null,
    altJid: alt ? jidNormalizedUser(alt) : null,
  };
}

function pair(lid: string, pn: string): ContactInfo[] {
  const [l, p] = [jidNormalizedUser(lid), jidNormalizedUser(pn)];
  return [
    { jid: l, name: null, altJid: p },
    { jid: p, name: null, altJid: l },
  ];
}

function toGroup(group: GroupMetadata): GroupInfo {
  return {
    jid: group.id,
    name: group.subject || group.id,
    addressingMode: group.addressingMode === 'lid' ? 'lid' : 'pn',
    size: group.size ?? group.participants?.length ?? 0,
    participants: null,
  };
}
