import {
  authCheckResponse,
  authMessages,
  errorResponse,
  forgotPasswordRequest,
  googleLoginRequest,
  googleLoginResponse,
  linkGoogleRequest,
  loginRequest,
  logoutRequest,
  refreshRequest,
  refreshResponse,
  registerRequest,
  resetPasswordRequest,
  successMessage,
  tokenPair,
  verificationLookupRequest,
  verificationLookupResponse,
  verifyEmailRequest,
} from '@wadesk/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthService } from './auth.service';
import { bearerAuth } from './authenticate';
import type { EmailLinks } from './email-links.service';
import type { LoginGuard } from './login-guard';
import type { AttemptLimits } from './rate-limit';

export interface AuthRoutesOptions {
  auth: AuthService;
  limits: AttemptLimits;
  loginGuard: LoginGuard;
  emailLinks: EmailLinks;
  /** onRequest hook limiting token refreshes per IP per minute. */
  refreshLimit: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
}

const tags = ['auth'];

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (
  app,
  { auth, limits, loginGuard, emailLinks, refreshLimit },
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
    async (request, reply) => {
      const tokens = await auth.register(request.body);
      // The account works at once; a mail that cannot go out now is logged, not a failed registration.
      await emailLinks
        .sendVerification(request.body.email)
        .catch((error: unknown) => request.log.error({ err: error }, 'verification mail not sent'));
      return reply.code(201).send(tokens);
    },
  );

  app.post(
    '/users/verify-email/',
    {
      onRequest: [limits.perIp],
      schema: {
        tags,
        summary:
          'Confirm an email address with the token of the emailed link (the page sends it only when the person confirms)',
        body: verifyEmailRequest,
        response: { 200: successMessage, 400: errorResponse, 429: errorResponse },
      },
    },
    async (request) => {
      await emailLinks.verify(request.body.token);
      return { success: true, message: authMessages.emailVerified };
    },
  );

  app.post(
    '/users/verification/',
    {
      onRequest: [limits.perIp],
      schema: {
        tags,
        summary:
          'What a verification link is for, before the person confirms: the address it was mailed to and whether it is verified (changes nothing)',
        body: verificationLookupRequest,
        response: { 200: verificationLookupResponse, 400: errorResponse, 429: errorResponse },
      },
    },
    async (request) => emailLinks.lookupVerification(request.body.token),
  );

  app.post(
    '/users/forgot-password/',
    {
      ...limited,
      schema: {
        tags,
        summary: 'Email a link to set a new password (the same answer whether or not the account exists)',
        body: forgotPasswordRequest,
        response: { 200: successMessage, 400: errorResponse, 429: errorResponse },
      },
    },
    async (request) => {
      emailLinks.requestReset(request.body.email);
      return { success: true, message: authMessages.resetSent };
    },
  );

  app.post(
    '/users/resend-verification/',
    {
      // Per IP like the other mail routes; the hourly allowance per address is the email-links service's.
      onRequest: [limits.perIp, app.authenticate],
      schema: {
        tags,
        summary:
          'Email the signed-in user a new link to confirm their address (the same answer when verified or over the hourly allowance)',
        security: bearerAuth,
        response: { 200: successMessage, 401: errorResponse, 429: errorResponse },
      },
    },
    async (request) => {
      emailLinks.requestVerification(request.user.id);
      return { success: true, message: authMessages.verificationSent };
    },
  );

  app.post(
    '/users/reset-password/',
    {
      onRequest: [limits.perIp],
      schema: {
        tags,
        summary: 'Set a new password with the token of the emailed link; every sign-in of the account ends',
        body: resetPasswordRequest,
        response: { 200: successMessage, 400: errorResponse, 429: errorResponse },
      },
    },
    async (request) => {
      await emailLinks.reset(request.body.token, request.body.password1);
      return { success: true, message: authMessages.passwordChanged };
    },
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
      // loginGuard.check counted this attempt as a failure already; only a success takes it back.
      const tokens = await auth.login(request.body);
      await loginGuard.succeeded(request);
      return tokens;
    },
  );

  app.post(
    '/users/refresh_token/',
    {
      onRequest: [refreshLimit],
      schema: {
        tags,
        summary: 'Exchange a refresh token for a new token pair (the old one stops working)',
        body: refreshRequest,
        response: { 200: refreshResponse, 401: errorResponse, 429: errorResponse },
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
      return { success: true, message: 'Logged out.' };
    },
  );

  app.post(
    '/users/link-google/',
    {
      onRequest: [limits.perIp, app.authenticate],
      schema: {
        tags,
        summary:
          'Link the Google account of the same address to the signed-in account, which keeps its password and sign-ins',
        security: bearerAuth,
        body: linkGoogleRequest,
        response: {
          200: successMessage,
          400: errorResponse,
          401: errorResponse,
          409: errorResponse,
          429: errorResponse,
        },
      },
    },
    async (request) => {
      await auth.linkGoogle(request.user.id, request.body.credential);
      return { success: true, message: authMessages.googleLinked };
    },
  );

  app.post(
    '/users/google-login-internal/',
    {
      onRequest: [limits.perIp],
      schema: {
        tags,
        summary:
          'Sign in with a Google ID token (creates the account on first use; an account with a password loses it and every other sign-in)',
        body: googleLoginRequest,
        response: { 200: googleLoginResponse, 400: errorResponse, 401: errorResponse, 429: errorResponse },
      },
    },
    async (request) => auth.googleLogin(request.body.credential),
  );
};
