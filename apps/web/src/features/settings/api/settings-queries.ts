import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateSettingsRequest } from '@wadesk/contract';
import { useAuth, useReplaceAuthUser } from '@/shared/account/auth-context';
import { SETTINGS_KEY } from '@/shared/api/cached-settings';
import { fetchSettings, renameOrganisation, updateSettings } from './settings-api';

export const settingsKeys = {
  all: SETTINGS_KEY,
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

/** Renames the organisation; the menu shows the new name at once (other members' at their next visit). */
export function useRenameOrganisation() {
  const { user } = useAuth();
  const replaceUser = useReplaceAuthUser();
  return useMutation({
    mutationFn: (name: string) => renameOrganisation(name),
    onSuccess: ({ name }) => {
      if (user) replaceUser({ ...user, organisation_name: name });
    },
  });
}
