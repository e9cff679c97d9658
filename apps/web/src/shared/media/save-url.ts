import { downloadBlob } from '@/shared/csv/download-file';

function saveLink(url: string, name: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * Saves the file at `url` under `name`. A link's `download` name holds only for this page's own URLs
 * (object URLs of a chat imported here); a signed link to the object store is read into a Blob first so
 * the name holds there too. When that read fails the link is followed as is (the browser's own name).
 */
export async function saveUrl(url: string, name: string): Promise<void> {
  const own =
    url.startsWith('blob:') ||
    url.startsWith('data:') ||
    new URL(url, location.href).origin === location.origin;
  if (own) return saveLink(url, name);
  try {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    downloadBlob(await response.blob(), name);
  } catch {
    saveLink(url, name);
  }
}
