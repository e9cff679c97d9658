import {
  type RequestPairingCodeResponse,
  requestPairingCodeResponse,
  type SessionListResponse,
  type SessionStatusResponse,
  type StartSessionRequest,
  type StartSessionResponse,
  type SuccessMessage,
  sessionListResponse,
  sessionStatusResponse,
  startSessionResponse,
  successMessage,
} from '@wadesk/contract';
import { api, apiBlobRequest } from './api-client';

export function fetchSessions(signal?: AbortSignal): Promise<SessionListResponse> {
  return api.post('/api/getSessionsList/', {}, sessionListResponse, { signal });
}

/** Creates a session, or reconnects the one with the same name and description. */
export function startSession(body: StartSessionRequest): Promise<StartSessionResponse> {
  return api.post('/api/startSession/', body, startSessionResponse);
}

/** The session's current QR code as a PNG. */
export function fetchQrCode(sessionID: string): Promise<Blob> {
  return apiBlobRequest('/api/generateQRCode/', { method: 'POST', body: { sessionID } });
}

export function fetchSessionStatus(sessionID: string): Promise<SessionStatusResponse> {
  return api.post('/api/sessionStatus/', { sessionID }, sessionStatusResponse);
}

export function terminateSession(sessionID: string): Promise<SuccessMessage> {
  return api.post('/api/terminateSession/', { sessionID }, successMessage);
}

/** Demo mode only: the simulated phone "scans" the QR code. */
export function simulateScan(sessionId: string): Promise<SuccessMessage> {
  return api.post(`/sim/sessions/${encodeURIComponent(sessionId)}/scan`, {}, successMessage);
}

/** Link by phone number: the 8-character code to type on that phone (`phone` in E.164). */
export function requestPairingCode(sessionID: string, phone: string): Promise<RequestPairingCodeResponse> {
  return api.post('/api/requestPairingCode/', { sessionID, phone }, requestPairingCodeResponse);
}

/** Demo mode only: the simulated phone's owner types the pairing code. */
export function simulateEnterCode(sessionId: string, code: string): Promise<SuccessMessage> {
  return api.post(`/sim/sessions/${encodeURIComponent(sessionId)}/enter-code`, { code }, successMessage);
}
