/** The name a downloaded file is saved under (docs/decisions/0010): "chat media.jpeg", or ".mp4" for video/mp4. */
export const DEFAULT_MEDIA_NAME = 'chat media';

const EXTENSIONS: Record<string, string> = {
  'video/mp4': 'mp4',
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'audio/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/aac': 'aac',
  'audio/wav': 'wav',
  'application/pdf': 'pdf',
};

/**
 * The downloaded file's name: the sender's own file name when it has one (documents), else
 * "chat media" with the extension of its type, "chat media.jpeg" when the type is unknown.
 */
export function mediaFileName(mimetype: string, filename: string | null | undefined): string {
  const given = filename?.trim().replace(/[/\\]/g, '_');
  if (given) return given;
  const type = mimetype.split(';')[0]?.trim().toLowerCase() ?? '';
  return `${DEFAULT_MEDIA_NAME}.${EXTENSIONS[type] ?? 'jpeg'}`;
}

/** Saves base64 data as a file through a temporary link (the browser's download). */
export function saveBase64File(data: string, mimetype: string, name: string): void {
  const bytes = Uint8Array.from(atob(data), (char) => char.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: mimetype }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser time to start reading the file before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
