import type { PublicConfig } from '@wadesk/contract';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { apiRequest, BAD_RESPONSE } from '@/shared/api/api-client';
import { ApiError } from '@/shared/api/api-error';

export interface PublicConfigState {
  status: 'loading' | 'ready' | 'error';
  config: PublicConfig | null;
}

let pending: Promise<PublicConfig> | null = null;

const stringOrNull = (value: unknown) => typeof value === 'string' || value === null;

/**
 * The contract's publicConfig, checked by hand: every page (the landing page first) asks for the
 * configuration, and must not load zod for four fields (see `npm run bench -- web-bundle`).
 */
export function parsePublicConfig(body: unknown): PublicConfig {
  const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const { google_client_id, demo_video_url, whatsapp_driver, contact_email } = fields;
  if (
    !stringOrNull(google_client_id) ||
    !stringOrNull(demo_video_url) ||
    !stringOrNull(contact_email) ||
    (whatsapp_driver !== 'baileys' && whatsapp_driver !== 'simulator')
  ) {
    throw new ApiError(200, BAD_RESPONSE);
  }
  return { google_client_id, demo_video_url, whatsapp_driver, contact_email } as PublicConfig;
}

/** GET /config/ once per page load; a failure may be retried by the next caller. */
export function loadPublicConfig(): Promise<PublicConfig> {
  pending ??= apiRequest('/config/', { auth: false })
    .then(parsePublicConfig)
    .catch((error: unknown) => {
      pending = null;
      throw error;
    });
  return pending;
}

export const PublicConfigContext = createContext<PublicConfigState>({ status: 'loading', config: null });

export function PublicConfigProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<PublicConfigState>({ status: 'loading', config: null });
  useEffect(() => {
    let active = true;
    loadPublicConfig().then(
      (config) => active && setState({ status: 'ready', config }),
      () => active && setState({ status: 'error', config: null }),
    );
    return () => {
      active = false;
    };
  }, []);
  return <PublicConfigContext.Provider value={state}>{children}</PublicConfigContext.Provider>;
}

/** The server's public settings (Google client id, demo video URL, WhatsApp driver). */
export function usePublicConfig(): PublicConfigState {
  return useContext(PublicConfigContext);
}
