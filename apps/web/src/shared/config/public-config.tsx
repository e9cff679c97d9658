import { type PublicConfig, publicConfig } from '@wadesk/contract';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { apiRequest } from '../api/api-client';

export interface PublicConfigState {
  status: 'loading' | 'ready' | 'error';
  config: PublicConfig | null;
}

let pending: Promise<PublicConfig> | null = null;

/** GET /config/ once per page load; a failure may be retried by the next caller. */
export function loadPublicConfig(): Promise<PublicConfig> {
  pending ??= apiRequest('/config/', { auth: false, schema: publicConfig }).catch((error: unknown) => {
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
