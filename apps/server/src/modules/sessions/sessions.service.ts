import {
  type RequestPairingCodeResponse,
  type SessionEvent,
  type SessionListResponse,
  type SessionStatusResponse,
  type StartSessionResponse,
  sessionMessages,
  type WhatsappDriverName,
} from '@wadesk/contract';
import QRCode from 'qrcode';
import { AppError } from '../../errors';
import type { AuditRecorder } from '../audit/audit.service';
import type { DeskEventBus } from '../events/desk-events';
import type { SessionCluster } from './session-cluster';
import { HEALTH_EVENTS_SHOWN, quietSince } from './session-health';
import { isSessionId, statusMessage } from './session-status';
import type { SessionEventRow, SessionRow, SessionsRepository } from './sessions.repository';

export interface SessionsServiceDeps {
  repo: SessionsRepository;
  cluster: SessionCluster;
  driverName: WhatsappDriverName;
  bus: DeskEventBus;
  /** Active sessions an organisation may have at once. */
  sessionLimit: number;
  /** How long generateQRCode and requestPairingCode wait for a code after (re)starting a session. */
  qrWaitMs: number;
  /** A connected session without live messages for this long is flagged quiet on the Sessions screen. */
  quietAfterMs: number;
  /** Sessions created and terminated go in the audit log. */
  audit: AuditRecorder;
  now?: () => number;
}

export type SessionsService = ReturnType<typeof createSessionsService>;

export function createSessionsService({
  repo,
  cluster,
  driverName,
  bus,
  sessionLimit,
  qrWaitMs,
  quietAfterMs,
  audit,
  now = Date.now,
}: SessionsServiceDeps) {
  const limitReached = () =>
    new AppError(409, `Active session limit reached (${sessionLimit}). Terminate a session first.`);
  const driver = driverName;

  /** The caller's session, or 404: another organisation's session does not exist for them. */
  async function owned(organisationId: number, id: string): Promise<SessionRow> {
    const session = isSessionId(id) ? await repo.find(organisationId, id) : null;
    if (!session) throw new AppError(404, sessionMessages.sessionNotFound);
    return session;
  }

  /**
   * Live state when this instance runs the session, else what its owner last stored (every state change
   * of a connection is written at once, so another instance answers without asking the owner).
   */
  function current(session: SessionRow) {
    const live = cluster.localState(session.id);
    return live && session.isActive
      ? {
          status: live.status,
          reason: live.reason,
          phone: live.phone ?? session.phone,
          resumesAt: live.resumesAt,
        }
      : {
          status: session.status,
          reason: session.reason,
          phone: session.phone,
          resumesAt: session.resumesAt?.toISOString() ?? null,
        };
  }

  return {
    owned,

    /** `actorId`: the member starting it, for the audit log. */
    async start(
      organisationId: number,
      name: string,
      description: string,
      actorId: number,
    ): Promise<StartSessionResponse> {
      const created = (sessionId: string, reactivated: boolean) =>
        audit.record({
          organisationId,
          actorId,
          action: 'session.created',
          target: name,
          details: { session_id: sessionId, ...(reactivated ? { reactivated } : {}) },
        });
      const existing = await repo.findByNameAndDescription(organisationId, name, description);
      if (existing) {
        const session = existing.isActive
          ? existing
          : await repo.reactivate(organisationId, existing.id, sessionLimit);
        if (!session) throw limitReached();
        // Starting a terminated session again creates it anew; reconnecting an active one changes nothing.
        if (!existing.isActive) await created(session.id, true);
        const state = await cluster.state(session.id);
        if (!state?.running) await cluster.start(session);
        const status = state?.running ? state.status : 'starting';
        return {
          success: true,
          message: 'Session reconnected.',
          sessionID: session.id,
          reconnected: true,
          status,
        };
      }
      const session = await repo.create(organisationId, name, description, sessionLimit);
      if (!session) throw limitReached();
      await created(session.id, false);
      await cluster.start(session);
      return {
        success: true,
        message: 'Session created.',
        sessionID: session.id,
        reconnected: false,
        status: 'starting',
      };
    },

    /**
     * PNG of the QR code shown right now; a stopped linking attempt (expired, unreachable) starts again, and
     * one going by phone number goes back to QR codes.
     */
    async qrCode(organisationId: number, id: string): Promise<Buffer> {
      const session = await owned(organisationId, id);
      if (!session.isActive)
        throw new AppError(409, 'This session was terminated. Start it again to link it.');
      const state = await cluster.link(session, { pairingPhone: null }, qrWaitMs);
      if (state?.qr)
        return QRCode.toBuffer(state.qr, { type: 'png', width: 320, margin: 2, errorCorrectionLevel: 'L' });
      if (state?.status === 'connected') throw new AppError(409, 'The session is already connected.');
      throw new AppError(
        409,
        state?.reason ? `${sessionMessages.noQrCode} ${state.reason}` : sessionMessages.noQrCode,
      );
    },

    /**
     * The pairing code to type on the phone `phone` (E.164): links the unlinked session by phone number,
     * starting over when it was linking by QR code or for another number.
     */
    async pairingCode(
      organisationId: number,
      id: string,
      phone: string,
    ): Promise<RequestPairingCodeResponse> {
      const session = await owned(organisationId, id);
      if (!session.isActive)
        throw new AppError(409, 'This session was terminated. Start it again to link it.');
      if (current(session).status === 'connected') throw new AppError(409, sessionMessages.alreadyConnected);
      // Linked creds reconnect by themselves; a new link needs a terminate first. (The stored phone is the
      // linked account's: set on connect, cleared by a logout or terminate.)
      if (session.phone) throw new AppError(409, sessionMessages.alreadyLinked);
      const state = await cluster.link(session, { pairingPhone: phone.replace(/\D/g, '') }, qrWaitMs);
      if (state?.pairingCode) return { code: state.pairingCode, phone };
      if (state?.status === 'connected') throw new AppError(409, sessionMessages.alreadyConnected);
      throw new AppError(
        409,
        state?.reason ? `${sessionMessages.noPairingCode} ${state.reason}` : sessionMessages.noPairingCode,
      );
    },

    async status(organisationId: number, id: string): Promise<SessionStatusResponse> {
      const { status, reason, phone, resumesAt } = current(await owned(organisationId, id));
      return {
        success: status === 'connected',
        message: statusMessage(status, reason),
        status,
        reason,
        driver,
        phone,
        resumes_at: status === 'temporarily_banned' ? resumesAt : null,
      };
    },

    async terminate(organisationId: number, id: string, actorId: number) {
      const session = await owned(organisationId, id);
      await cluster.stop(id, 'logout');
      await repo.markTerminated(organisationId, id, session.isActive);
      if (session.isActive)
        await audit.record({
          organisationId,
          actorId,
          action: 'session.terminated',
          target: session.name,
          details: { session_id: id, ...(session.phone ? { phone: session.phone } : {}) },
        });
      bus.publish('session.status', {
        organisationId,
        sessionId: id,
        status: 'terminated',
        reason: null,
        phone: null,
        isActive: false,
      });
      return {
        success: true,
        message: session.isActive ? 'Session terminated.' : 'The session was already terminated.',
      };
    },

    async list(organisationId: number): Promise<SessionListResponse> {
      const sessions = await repo.list(organisationId);
      const events = await repo.recentEvents(
        organisationId,
        sessions.map((session) => session.id),
        HEALTH_EVENTS_SHOWN,
      );
      const bySession = new Map<string, SessionEventRow[]>();
      for (const event of events)
        bySession.set(event.sessionId, [...(bySession.get(event.sessionId) ?? []), event]);
      const at = now();
      return {
        session_list: sessions.map((session) => {
          const { status, reason, phone, resumesAt } = current(session);
          const recent = bySession.get(session.id) ?? [];
          const connectedAt =
            recent.find((event) => event.kind === 'connected' || event.kind === 'linked')?.at ?? null;
          const quiet = quietSince({ ...session, status }, connectedAt, quietAfterMs, at);
          return {
            sessionId: session.id,
            session_name: session.name,
            description: session.description,
            isActive: session.isActive,
            status,
            reason,
            phone,
            created_at: session.createdAt.toISOString(),
            updated_at: session.updatedAt.toISOString(),
            resumes_at: status === 'temporarily_banned' ? resumesAt : null,
            health: { events: recent.map(toWire), quiet_since: quiet?.toISOString() ?? null },
          };
        }),
        session_count: sessions.length,
        driver,
      };
    },
  };
}

const toWire = ({ kind, reason, at, version }: SessionEventRow): SessionEvent => ({
  kind,
  reason,
  at: at.toISOString(),
  version: version && {
    number: version.version,
    source: version.source,
    fetched_at: version.fetchedAt?.toISOString() ?? null,
  },
});
