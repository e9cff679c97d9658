import {
  type AuthUser,
  authCheckResponse,
  googleLoginResponse,
  type LoginRequest,
  type RegisterRequest,
  successMessage,
  tokenPair,
  verificationLookupResponse,
} from '@wadesk/contract';
import { apiRequest } from '@/shared/api/api-client';

export const login = (body: LoginRequest) =>
  apiRequest('/users/login/', { method: 'POST', body, auth: false, schema: tokenPair });

export const register = (body: RegisterRequest) =>
  apiRequest('/users/register/', { method: 'POST', body, auth: false, schema: tokenPair });

export const googleLogin = (credential: string) =>
  apiRequest('/users/google-login-internal/', {
    method: 'POST',
    body: { credential },
    auth: false,
    schema: googleLoginResponse,
  });

/** What a verification link is for (the address, whether verified); it verifies nothing. */
export const lookupVerification = (token: string, signal?: AbortSignal) =>
  apiRequest('/users/verification/', {
    method: 'POST',
    body: { token },
    auth: false,
    schema: verificationLookupResponse,
    signal,
  });

/** Verifies the address: only when the person confirmed on the page that they created the account. */
export const verifyEmail = (token: string) =>
  apiRequest('/users/verify-email/', {
    method: 'POST',
    body: { token },
    auth: false,
    schema: successMessage,
  });

export const forgotPassword = (email: string) =>
  apiRequest('/users/forgot-password/', {
    method: 'POST',
    body: { email },
    auth: false,
    schema: successMessage,
  });

export const resetPassword = (body: { token: string; password1: string; password2: string }) =>
  apiRequest('/users/reset-password/', { method: 'POST', body, auth: false, schema: successMessage });

/** The session check: a 401 is refreshed once and retried by the API client. */
export const fetchAuthUser = async (signal?: AbortSignal): Promise<AuthUser> =>
  (await apiRequest('/users/authcheck/', { schema: authCheckResponse, signal })).user;

export const logout = (refreshToken: string | null) =>
  apiRequest('/users/logout/', {
    method: 'POST',
    body: refreshToken ? { refresh_token: refreshToken } : {},
    redirectOnAuthFailure: false,
  });

/** Links the Google account of the signed-in user's own address; password and sign-ins stay. */
export const linkGoogle = (credential: string) =>
  apiRequest('/users/link-google/', { method: 'POST', body: { credential }, schema: successMessage });
