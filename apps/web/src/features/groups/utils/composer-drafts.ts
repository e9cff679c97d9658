// What is being written in each group, kept while the member switches groups (docs/decisions/0024). The
// text goes to this tab's session storage (it survives a reload, and is gone with the tab); a chosen file
// only lives in memory, as a browser cannot store it.

const PREFIX = 'composerDraft:';
const files = new Map<string, File>();

const keyOf = (sessionId: string, groupId: string) => `${PREFIX}${sessionId}:${groupId}`;

// Storage can throw (private mode, quota): the draft is then kept only while the group stays open.
function safely<T>(run: () => T, fallback: T): T {
  try {
    return run();
  } catch {
    return fallback;
  }
}

export const composerDrafts = {
  text: (sessionId: string, groupId: string): string =>
    safely(() => sessionStorage.getItem(keyOf(sessionId, groupId)) ?? '', ''),
  setText(sessionId: string, groupId: string, text: string): void {
    safely(() => {
      if (text === '') sessionStorage.removeItem(keyOf(sessionId, groupId));
      else sessionStorage.setItem(keyOf(sessionId, groupId), text);
    }, undefined);
  },
  file: (sessionId: string, groupId: string): File | null => files.get(keyOf(sessionId, groupId)) ?? null,
  setFile(sessionId: string, groupId: string, file: File | null): void {
    if (file) files.set(keyOf(sessionId, groupId), file);
    else files.delete(keyOf(sessionId, groupId));
  },
};
