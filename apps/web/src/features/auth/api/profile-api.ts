import {
  type AuthUser,
  authCheckResponse,
  type ChangePasswordRequest,
  successMessage,
  type UpdateProfileRequest,
} from '@wadesk/contract';
import { api } from '@/shared/api/api-client';

/** Any subset of the names and the time zone; answers the account as saved. */
export const updateProfile = async (body: UpdateProfileRequest): Promise<AuthUser> =>
  (await api.post('/users/updateProfile/', body, authCheckResponse)).user;

/** Every other sign-in of the account ends; this one goes on. */
export const changePassword = (body: ChangePasswordRequest) =>
  api.post('/users/changePassword/', body, successMessage);
