import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateSettingsRequest } from '@wadesk/contract';
import { fetchSettings, updateSettings } from './settings-api';

export const settingsKeys = {
  all: ['settings'] as const,
};

export const settingsQuery = () =>
  queryOptions({ queryKey: settingsKeys.all, queryFn: ({ signal }) => fetchSettings(signal) });

/** Saves and puts the server's answer (phrases as it normalised them) in the cache. */
export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSettingsRequest) => updateSettings(body),
    onSuccess: (answer) => queryClient.setQueryData(settingsKeys.all, answer),
  });
}
