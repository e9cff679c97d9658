import {
  authCheckResponse,
  errorResponse,
  googleLoginRequest,
  loginRequest,
  logoutRequest,
  refreshRequest,
  refreshResponse,
  registerRequest,
  successMessage,
  tokenPair,
} from '@wadesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors';
import type { AuthService } from './auth.service';
import { bearerAuth } from './authenticate';
import type { LoginGuard } from './login-guard';
import type { AttemptLimits } from './rate-limit';

export interface AuthRoutesOptions {
  auth: AuthService;
  limits: AttemptLimits;
  loginGuard: LoginGuard;
}

const tags = ['auth'];

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (
  app,
  { auth, limits, loginGuard },
) => {
  const limited = { onRequest: [limits.perIp], preHandler: [limits.perEmail] };

  app.post(
    '/users/register/',
    {
      ...limited,
      schema: {
        tags,
        summary: 'Create an account and its organisation',
        body: registerRequest,
        response: { 201: tokenPair, 400: errorResponse, 409: errorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => reply.code(201).send(await auth.register(request.body)),
  );

  app.post(
    '/users/login/',
    {
      onRequest: [limits.perIp],
      preHandler: [loginGuard.check],
      schema: {
        tags,
        summary: 'Sign in with email and password',
        body: loginRequest,
        response: { 200: tokenPair, 401: errorResponse, 404: errorResponse, 429: errorResponse },
      },
    },
    async (request) => {
      try {
        const tokens = await auth.login(request.body);
        await loginGuard.succeeded(request);
        return tokens;
      } catch (error) {
        if (error instanceof AppError && (error.statusCode === 401 || error.statusCode === 404))
          await loginGuard.failed(request);
        throw error;
      }
    },
  );

  app.post(
    '/users/refresh_token/',
    {
      schema: {
        tags,
        summary: 'Exchange a refresh token for a new token pair (the old one stops working)',
        body: refreshRequest,
        response: { 200: refreshResponse, 401: errorResponse },
      },
    },
    async (request) => auth.refresh(request.body.refresh_token),
  );

  app.get(
    '/users/authcheck/',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'The signed-in user',
        security: bearerAuth,
        response: { 200: authCheckResponse, 401: errorResponse },
      },
    },
    async (request) => ({ user: await auth.currentUser(request.user.id) }),
  );

  app.post(
    '/users/logout/',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'Sign out',
        security: bearerAuth,
        // A bare POST still signs out (Fastify hands a missing body to the validator as null).
        body: logoutRequest.nullish(),
        response: { 200: successMessage },
      },
    },
    async (request) => {
      await auth.logout(request.user.id, request.body?.refresh_token);
      return { success: true, message: 'Logged out' };
    },
  );

  app.post(
    '/users/google-login-internal/',
    {
      onRequest: [limits.perIp],
      schema: {
        tags,
        summary: 'Sign in with a Google ID token (creates the account on first use)',
        body: googleLoginRequest,
        response: { 200: tokenPair, 400: errorResponse, 401: errorResponse, 429: errorResponse },
      },
    },
    async (request) => auth.googleLogin(request.body.credential),
  );
};
