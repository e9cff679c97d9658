import {
  authCheckResponse,
  authMessages,
  changePasswordRequest,
  errorResponse,
  successMessage,
  updateProfileRequest,
} from '@wadesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerAuth } from './authenticate';
import type { LoginGuard } from './login-guard';
import type { ProfileService } from './profile.service';
import type { AttemptLimits } from './rate-limit';

export interface ProfileRoutesOptions {
  profile: ProfileService;
  limits: AttemptLimits;
  loginGuard: LoginGuard;
}

const tags = ['auth'];

/** The signed-in member's own account (the profile page); the account itself is GET /users/authcheck/. */
export const profileRoutes: FastifyPluginAsyncZod<ProfileRoutesOptions> = async (
  app,
  { profile, limits, loginGuard },
) => {
  app.post(
    '/users/updateProfile/',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: "Change the signed-in member's first and last name and the time zone times show in",
        security: bearerAuth,
        body: updateProfileRequest,
        response: { 200: authCheckResponse, 400: errorResponse, 401: errorResponse },
      },
    },
    async (request) => ({ user: await profile.update(request.user.id, request.body) }),
  );

  app.post(
    '/users/changePassword/',
    {
      onRequest: [limits.perIp, app.authenticate],
      schema: {
        tags,
        summary:
          'Change the password with the current one; every other sign-in of the account ends, this one goes on',
        security: bearerAuth,
        body: changePasswordRequest,
        response: { 200: successMessage, 400: errorResponse, 401: errorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      // The current password is a guess like a sign-in's: it waits and counts on the same account and IP,
      // and only a right one takes its count back (login-guard.ts).
      const email = await profile.passwordAccount(request.user.id);
      await loginGuard.checkAccount(request, reply, email);
      await profile.changePassword(request.user, request.body);
      await loginGuard.succeeded(request, email);
      return { success: true, message: authMessages.passwordUpdated };
    },
  );
};
