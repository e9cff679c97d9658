/** The browser's Notification permission; 'unsupported' where there is no Notification API. */
export type BrowserPermission = NotificationPermission | 'unsupported';

export function browserPermission(): BrowserPermission {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/** Asks for permission: only ever from the button in the bell panel, never on page load. */
export async function requestBrowserPermission(): Promise<BrowserPermission> {
  if (typeof Notification === 'undefined') return 'unsupported';
  return Notification.requestPermission();
}

/** Whether the person is looking at this tab right now: then the bell is enough. */
export function tabInFront(): boolean {
  return document.visibilityState === 'visible' && document.hasFocus();
}

/**
 * A system notification, when permitted and the tab is not in front. The tag makes the browser show
 * one notification per ticket and event, even when several tabs of the desk are open.
 */
export function showBrowserNotification(title: string, body: string, tag: string, onClick: () => void): void {
  if (browserPermission() !== 'granted' || tabInFront()) return;
  try {
    const notification = new Notification(title, { body, tag, icon: '/favicon.svg' });
    notification.onclick = () => {
      window.focus();
      onClick();
      notification.close();
    };
  } catch {
    // Some mobile browsers allow notifications only from a service worker: the bell still has it.
  }
}
