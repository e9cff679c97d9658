import { skipToken, useQuery } from '@tanstack/react-query';
import type { SettingsResponse } from '@wadesk/contract';

/** The organisation's settings' query key, here because screens other than Settings read them from the cache. */
export const SETTINGS_KEY = ['settings'] as const;

/**
 * The organisation's settings if this tab has loaded them (the Settings screen did), else undefined. Never
 * asks the server: a screen that only shows them beside its own data (a group's "As the organisation (On)")
 * is not worth a request.
 */
export function useCachedSettings(): SettingsResponse | undefined {
  return useQuery<SettingsResponse>({ queryKey: SETTINGS_KEY, queryFn: skipToken }).data;
}
