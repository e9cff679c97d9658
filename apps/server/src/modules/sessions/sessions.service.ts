import {
  type SessionListResponse,
  type SessionStatusResponse,
  type StartSessionResponse,
  sessionMessages,
  type WhatsappDriverName,
} from '@wadesk/contract';
import QRCode from 'qrcode';
import { AppError } from '../../errors';
import type { WhatsAppEvents } from '../../whatsapp/events';
import type { WhatsAppGateway } from '../../whatsapp/gateway';
import { isSessionId, statusMessage } from './session-status';
import type { SessionRow, SessionsRepository } from './sessions.repository';

export interface SessionsServiceDeps {
  repo: SessionsRepository;
  gateway: WhatsAppGateway;
  events: WhatsAppEvents;
  /** Active sessions an organisation may have at once. */
  sessionLimit: number;
  /** How long generateQRCode waits for a QR code to appear after (re)starting a session. */
  qrWaitMs: number;
}

export type SessionsService = ReturnType<typeof createSessionsService>;

export function createSessionsService({
  repo,
  gateway,
  events,
  sessionLimit,
  qrWaitMs,
}: SessionsServiceDeps) {
  const limitReached = () =>
    new AppError(409, `Active session limit reached (${sessionLimit}). Terminate a session first.`);
  const driver = gateway.driverName as WhatsappDriverName;

  /** The caller's session, or 404: another organisation's session does not exist for them. */
  async function owned(organisationId: number, id: string): Promise<SessionRow> {
    const session = isSessionId(id) ? await repo.find(organisationId, id) : null;
    if (!session) throw new AppError(404, sessionMessages.sessionNotFound);
    return session;
  }

  /** Live state when this process runs the session, else what was last stored. */
  function current(session: SessionRow) {
    const live = gateway.state(session.id);
    return live && session.isActive
      ? { status: live.status, reason: live.reason, phone: live.account?.phone ?? session.phone }
      : { status: session.status, reason: session.reason, phone: session.phone };
  }

  return {
    owned,

    async start(organisationId: number, name: string, description: string): Promise<StartSessionResponse> {
      const existing = await repo.findByNameAndDescription(organisationId, name, description);
      if (existing) {
        const session = existing.isActive
          ? existing
          : await repo.reactivate(organisationId, existing.id, sessionLimit);
        if (!session) throw limitReached();
        const state = gateway.state(session.id);
        if (!state?.running) gateway.start(session);
        const status = gateway.state(session.id)?.status ?? 'starting';
        return {
          success: true,
          message: 'Session reconnected',
          sessionID: session.id,
          reconnected: true,
          status,
        };
      }
      const session = await repo.create(organisationId, name, description, sessionLimit);
      if (!session) throw limitReached();
      gateway.start(session);
      return {
        success: true,
        message: 'Session created',
        sessionID: session.id,
        reconnected: false,
        status: 'starting',
      };
    },

    /** PNG of the QR code shown right now; a stopped linking attempt (expired, unreachable) starts again. */
    async qrCode(organisationId: number, id: string): Promise<Buffer> {
      const session = await owned(organisationId, id);
      if (!session.isActive)
        throw new AppError(409, 'This session was terminated. Start it again to link it.');
      if (!gateway.state(id)?.running) gateway.start(session);
      const state = await gateway.waitForQr(id, qrWaitMs);
      if (state?.qr)
        return QRCode.toBuffer(state.qr, { type: 'png', width: 320, margin: 2, errorCorrectionLevel: 'L' });
      if (state?.status === 'connected') throw new AppError(409, 'The session is already connected.');
      throw new AppError(
        409,
        state?.reason ? `${sessionMessages.noQrCode} ${state.reason}` : sessionMessages.noQrCode,
      );
    },

    async status(organisationId: number, id: string): Promise<SessionStatusResponse> {
      const { status, reason, phone } = current(await owned(organisationId, id));
      return {
        success: status === 'connected',
        message: statusMessage(status, reason),
        status,
        reason,
        driver,
        phone,
      };
    },

    async terminate(organisationId: number, id: string) {
      const session = await owned(organisationId, id);
      await gateway.stop(id, 'logout');
      await repo.markTerminated(organisationId, id);
      events.emit('session.status', {
        organisationId,
        sessionId: id,
        status: 'terminated',
        reason: null,
        phone: null,
        isActive: false,
      });
      return {
        success: true,
        message: session.isActive ? 'Session terminated' : 'Session was already terminated',
      };
    },

    async list(organisationId: number): Promise<SessionListResponse> {
      const sessions = await repo.list(organisationId);
      return {
        session_list: sessions.map((session) => {
          const { status, reason, phone } = current(session);
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
          };
        }),
        session_count: sessions.length,
        driver,
      };
    },
  };
}
