/** The tickets this browser already alerted about as unanswered: once per ticket per browser. */
export const NOTIFIED_KEY = 'wadesk.unansweredNotified';
/** Oldest ids are forgotten past this many, so the list never grows without bound. */
export const NOTIFIED_MAX = 500;

function read(): number[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(NOTIFIED_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
}

export const notifiedIds = {
  has: (id: number): boolean => read().includes(id),
  /** Remembers the ids (newest last), keeping the last NOTIFIED_MAX. */
  add(ids: readonly number[]): void {
    if (ids.length === 0) return;
    const kept = read().filter((id) => !ids.includes(id));
    try {
      localStorage.setItem(NOTIFIED_KEY, JSON.stringify([...kept, ...ids].slice(-NOTIFIED_MAX)));
    } catch {
      // Storage full or disabled: the alert may come again in another tab, nothing worse.
    }
  },
};
