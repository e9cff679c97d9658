// Route metadata kept beside the routes (app/router.tsx only lists them): each page's name, used for
// the document title and the breadcrumb.

export const APP_NAME = 'wadesk';

/** The landing page's title: the product's name and what it is for. */
export const LANDING_TITLE = `${APP_NAME} — WhatsApp chat analysis and support desk`;

/** The name of each page, by path. */
export const PAGE_NAMES: Readonly<Record<string, string>> = {
  '/dashboard': 'Dashboard',
  '/inbox': 'Inbox',
  '/reports': 'Reports',
  '/session-info': 'Sessions',
  '/whatsapp-chat': 'Whatsapp Chat',
  '/agents': 'Agents',
  '/members': 'Members',
  '/audit-log': 'Audit log',
  '/settings': 'Settings',
  '/upload-chat': 'Import chat',
  '/profile': 'Profile',
  '/messages': 'Messages',
  '/analysis': 'Analysis',
  '/messages-nologin': 'Messages',
  '/analysis-nologin': 'Analysis',
  '/login': 'Sign in',
  '/register': 'Register',
  '/accept-invitation': 'Join an organisation',
  '/forgot-password': 'Forgot password',
  '/reset-password': 'Reset password',
  '/verify-email': 'Verify email',
};

export const NOT_FOUND_NAME = 'Page not found';

/** The page's name for a path (a trailing slash ignored); unknown paths are the 404 page. */
export function pageName(pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return PAGE_NAMES[path] ?? NOT_FOUND_NAME;
}

/** "Dashboard · wadesk"; the landing page has its own title. */
export function pageTitle(pathname: string): string {
  if (pathname === '/' || pathname === '') return LANDING_TITLE;
  return `${pageName(pathname)} · ${APP_NAME}`;
}
