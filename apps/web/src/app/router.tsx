import type { ComponentType } from 'react';
import { createBrowserRouter, Outlet, type RouteObject, ScrollRestoration } from 'react-router';
import { RouteFallback } from './route-fallback';
import { LandingRoute } from './routes/landing';
import { RouteErrorScreen } from './routes/route-error';

function RootLayout() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

/**
 * Every screen but the landing page is its own chunk, loaded by react-router before it navigates: the
 * current screen stays until the next one is ready (nothing flashes), and the landing page carries no
 * code of the signed-in app. `npm run bench -- web-bundle` measures what the landing page loads.
 */
const screen =
  <Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) =>
  async () => ({ Component: (await load())[name] });

/** Every screen of the app by its path: the public ones and, under the signed-in layout, the desk. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteErrorScreen />,
    HydrateFallback: RouteFallback,
    children: [
      { index: true, element: <LandingRoute /> },
      { path: 'login', lazy: screen(() => import('./routes/auth/login'), 'LoginRoute') },
      { path: 'register', lazy: screen(() => import('./routes/auth/register'), 'RegisterRoute') },
      {
        path: 'accept-invitation',
        lazy: screen(() => import('./routes/auth/accept-invitation'), 'AcceptInvitationRoute'),
      },
      {
        path: 'forgot-password',
        lazy: screen(() => import('./routes/auth/forgot-password'), 'ForgotPasswordRoute'),
      },
      {
        path: 'reset-password',
        lazy: screen(() => import('./routes/auth/reset-password'), 'ResetPasswordRoute'),
      },
      { path: 'verify-email', lazy: screen(() => import('./routes/auth/verify-email'), 'VerifyEmailRoute') },
      {
        path: 'messages-nologin',
        lazy: screen(() => import('./routes/messages-nologin'), 'MessagesNoLoginRoute'),
      },
      {
        path: 'analysis-nologin',
        lazy: screen(() => import('./routes/analysis-nologin'), 'AnalysisNoLoginRoute'),
      },
      // The signed-in app (and /messages): saved chats are shared by its sidebar, drawer and screens.
      {
        lazy: screen(() => import('@/features/saved-chats/state/saved-chats-provider'), 'SavedChatsRoute'),
        children: [
          {
            lazy: screen(() => import('./guard/protected-route'), 'ProtectedRoute'),
            children: [
              {
                lazy: screen(() => import('./layouts/app-shell'), 'AppShell'),
                children: [
                  {
                    path: 'dashboard',
                    lazy: screen(() => import('./routes/app/dashboard'), 'DashboardRoute'),
                  },
                  { path: 'inbox', lazy: screen(() => import('./routes/app/inbox'), 'InboxRoute') },
                  { path: 'reports', lazy: screen(() => import('./routes/app/reports'), 'ReportsRoute') },
                  {
                    path: 'session-info',
                    lazy: screen(() => import('./routes/app/session-info'), 'SessionInfoRoute'),
                  },
                  {
                    path: 'whatsapp-chat',
                    lazy: screen(() => import('./routes/app/whatsapp-chat'), 'WhatsappChatRoute'),
                  },
                  { path: 'agents', lazy: screen(() => import('./routes/app/agents'), 'AgentsRoute') },
                  {
                    path: 'members',
                    lazy: screen(() => import('./routes/app/members'), 'MembersRoute'),
                  },
                  {
                    path: 'audit-log',
                    lazy: screen(() => import('./routes/app/audit-log'), 'AuditLogRoute'),
                  },
                  {
                    path: 'settings',
                    lazy: screen(() => import('./routes/app/settings'), 'SettingsRoute'),
                  },
                  { path: 'profile', lazy: screen(() => import('./routes/app/profile'), 'ProfileRoute') },
                  {
                    path: 'upload-chat',
                    lazy: screen(() => import('./routes/app/upload-chat'), 'UploadChatRoute'),
                  },
                ],
              },
            ],
          },
          // In the app layout but without the guard: a saved or loaded chat (?chatId= optional) and
          // its analysis. Someone signed in is checked as on the protected screens, so the layout shows
          // them the same menu.
          {
            lazy: screen(() => import('./guard/signed-in-user-route'), 'SignedInUserRoute'),
            children: [
              {
                lazy: screen(() => import('./layouts/app-shell'), 'AppShell'),
                children: [
                  { path: 'messages', lazy: screen(() => import('./routes/app/messages'), 'MessagesRoute') },
                  { path: 'analysis', lazy: screen(() => import('./routes/app/analysis'), 'AnalysisRoute') },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', lazy: screen(() => import('./routes/not-found'), 'NotFoundRoute') },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
