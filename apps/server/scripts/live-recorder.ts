// What the live smoke test (live-smoke.ts) needs to see below the server's API: the on-demand history
// requests the driver sent and the answers that came back, the groups' addressing modes, and what WhatsApp
// said about the messages the smoke sent, recorded by wrapping the configured driver.
import type { GroupInfo, SendReceipt, WhatsAppDriver } from '../src/whatsapp/driver';

export interface OnDemandRequest {
  requestId: string;
  groupJid: string;
  /** Seconds since the epoch: what the driver put in the request (decision 0015). */
  oldestTimestamp: number;
}

export interface OnDemandAnswer {
  requestId: string | null;
  /** Messages of the answer per group, with the oldest timestamp among them. */
  groups: Map<string, { count: number; oldest: number }>;
}

export interface LiveRecording {
  requests: OnDemandRequest[];
  answers: OnDemandAnswer[];
  /** LID/phone-number pairs the driver reported (each pair counts once per direction). */
  pairs: number;
  /** Each group's addressing mode as the newest group list or update said (`addressing_mode`). */
  addressing: Map<string, GroupInfo['addressingMode']>;
  /** Every receipt WhatsApp sent for messages this connection sent: server acks, refusals, member receipts. */
  receipts: SendReceipt[];
}

/** Wraps `driver` so every connection reports its on-demand traffic and pairs into the returned recording. */
export function recordingDriver(driver: WhatsAppDriver): {
  driver: WhatsAppDriver;
  recording: LiveRecording;
} {
  const recording: LiveRecording = {
    requests: [],
    answers: [],
    pairs: 0,
    addressing: new Map(),
    receipts: [],
  };
  const noteGroups = (groups: GroupInfo[]) => {
    for (const group of groups) recording.addressing.set(group.jid, group.addressingMode);
  };
  const wrapped: WhatsAppDriver = {
    name: driver.name,
    downloadMedia: (message) => driver.downloadMedia(message),
    connect(options) {
      const { events } = options;
      const connection = driver.connect({
        ...options,
        events: {
          ...events,
          contacts(contacts) {
            recording.pairs += contacts.filter((contact) => contact.altJid).length;
            events.contacts(contacts);
          },
          history(batch) {
            if (batch.onDemand) {
              const groups = new Map<string, { count: number; oldest: number }>();
              for (const message of batch.messages) {
                const jid = message.key?.remoteJid ?? '';
                const seconds = Number(message.messageTimestamp ?? 0);
                const seen = groups.get(jid) ?? { count: 0, oldest: Number.POSITIVE_INFINITY };
                groups.set(jid, { count: seen.count + 1, oldest: Math.min(seen.oldest, seconds) });
              }
              recording.answers.push({ requestId: batch.requestId, groups });
            }
            events.history(batch);
          },
          groups(groups) {
            noteGroups(groups);
            events.groups(groups);
          },
          sendStatus(receipts) {
            recording.receipts.push(...receipts);
            events.sendStatus(receipts);
          },
        },
      });
      return {
        ...connection,
        async listGroups() {
          const groups = await connection.listGroups();
          noteGroups(groups);
          return groups;
        },
        async requestHistory(groupJid, oldest, count) {
          const requestId = await connection.requestHistory(groupJid, oldest, count);
          recording.requests.push({ requestId, groupJid, oldestTimestamp: oldest.timestamp });
          return requestId;
        },
      };
    },
  };
  return { driver: wrapped, recording };
}
