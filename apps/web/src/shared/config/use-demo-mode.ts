import { usePublicConfig } from './public-config';

/** True when the server runs the `simulator` WhatsApp driver: a pretend phone, no real WhatsApp. */
export function useDemoMode(): boolean {
  return usePublicConfig().config?.whatsapp_driver === 'simulator';
}
