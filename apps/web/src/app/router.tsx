import { createBrowserRouter, Outlet, type RouteObject, ScrollRestoration } from 'react-router';
import { ChatDrawerItems } from '../features/chat-viewer/components/chat-drawer-items';
import { ChatSidebarItems } from '../features/chat-viewer/components/chat-sidebar-items';
import {
  PreviousChatsDropdown,
  PreviousChatsSection,
} from '../features/saved-chats/components/previous-chats';
import { SavedChatsRoute } from '../features/saved-chats/state/saved-chats-provider';
import { ProtectedRoute } from './guard/protected-route';
import { AppLayout } from './layouts/app-layout';
import { AnalysisNoLoginRoute } from './routes/analysis-nologin';
import { AgentsRoute } from './routes/app/agents';
import { AnalysisRoute } from './routes/app/analysis';
import { DashboardRoute } from './routes/app/dashboard';
import { MembersRoute } from './routes/app/members';
import { MessagesRoute } from './routes/app/messages';
import { SessionInfoRoute } from './routes/app/session-info';
import { UploadChatRoute } from './routes/app/upload-chat';
import { WhatsappChatRoute } from './routes/app/whatsapp-chat';
import { AcceptInvitationRoute } from './routes/auth/accept-invitation';
import { ForgotPasswordRoute } from './routes/auth/forgot-password';
import { LoginRoute } from './routes/auth/login';
import { RegisterRoute } from './routes/auth/register';
import { ResetPasswordRoute } from './routes/auth/reset-password';
import { VerifyEmailRoute } from './routes/auth/verify-email';
import { LandingRoute } from './routes/landing';
import { MessagesNoLoginRoute } from './routes/messages-nologin';
import { NotFoundRoute } from './routes/not-found';
import { RouteErrorScreen } from './routes/route-error';

function RootLayout() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

// One layout for the protected screens and /messages: Previous Chats in the sidebar and the drawer.
const appLayout = (
  <AppLayout
    drawerItems={<ChatDrawerItems previousChats={<PreviousChatsDropdown />} />}
    sidebarItems={
      <>
        <ChatSidebarItems />
        <PreviousChatsSection />
      </>
    }
  />
);

/** The specification's route table (§2). */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteErrorScreen />,
    children: [
      { index: true, element: <LandingRoute /> },
      { path: 'login', element: <LoginRoute /> },
      { path: 'register', element: <RegisterRoute /> },
      { path: 'accept-invitation', element: <AcceptInvitationRoute /> },
      { path: 'forgot-password', element: <ForgotPasswordRoute /> },
      { path: 'reset-password', element: <ResetPasswordRoute /> },
      { path: 'verify-email', element: <VerifyEmailRoute /> },
      { path: 'messages-nologin', element: <MessagesNoLoginRoute /> },
      { path: 'analysis-nologin', element: <AnalysisNoLoginRoute /> },
      // The signed-in app (and /messages): saved chats are shared by its sidebar, drawer and screens.
      {
        element: <SavedChatsRoute />,
        children: [
          {
            element: <ProtectedRoute />,
            children: [
              {
                element: appLayout,
                children: [
                  { path: 'dashboard', element: <DashboardRoute /> },
                  { path: 'session-info', element: <SessionInfoRoute /> },
                  { path: 'whatsapp-chat', element: <WhatsappChatRoute /> },
                  { path: 'agents', element: <AgentsRoute /> },
                  { path: 'members', element: <MembersRoute /> },
                  { path: 'upload-chat', element: <UploadChatRoute /> },
                ],
              },
            ],
          },
          // In the app layout but without the guard: a saved or loaded chat (?chatId= optional) and
          // its analysis.
          {
            element: appLayout,
            children: [
              { path: 'messages', element: <MessagesRoute /> },
              { path: 'analysis', element: <AnalysisRoute /> },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
