import {
  type OrganisationResponse,
  organisationResponse,
  type SettingsResponse,
  settingsResponse,
  type UpdateSettingsRequest,
} from '@wadesk/contract';
import { api } from '@/shared/api/api-client';

export function fetchSettings(signal?: AbortSignal): Promise<SettingsResponse> {
  return api.post('/org/getSettings/', {}, settingsResponse, { signal });
}

/** Admins: any subset of the fields; answers the settings as saved. */
export function updateSettings(body: UpdateSettingsRequest): Promise<SettingsResponse> {
  return api.post('/org/updateSettings/', body, settingsResponse);
}

/** Owners with a verified address: the organisation's new name, as saved. */
export function renameOrganisation(name: string): Promise<OrganisationResponse> {
  return api.post('/org/updateOrganisation/', { name }, organisationResponse);
}
