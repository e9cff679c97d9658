/** Largest accepted upload. */
export const MAX_UPLOAD_BYTES = 4 * 1024 * 1024;

/** What the file picker offers; only .txt and .zip can actually be read. */
export const PICKER_ACCEPT = '.zip,.rar,.7zip,.txt';

export const UPLOAD_MESSAGES = {
  tooLarge: 'file size exceed limit of 4MB',
  unsupported: 'Only .txt and .zip WhatsApp exports are supported.',
  zipFailed: 'Error extracting zip file',
  failed: 'some error occured in file upload',
  noMessages: 'No WhatsApp messages were found in this file.',
  textDone: 'Files Uploaded, Check Messages',
  zipDone: 'Zip file uploaded and extracted',
  /** Why a zip could not be opened, whichever side tried: the browser (visitors) or the server. */
  zipDamaged: 'The zip file is damaged or is not a zip file.',
} as const;

export type UploadKind = 'text' | 'zip';

export type UploadCheck = { ok: true; file: File; kind: UploadKind } | { ok: false; message: string };

const TEXT_TYPES = new Set(['text/plain']);
const ZIP_TYPES = new Set(['application/zip', 'application/x-zip-compressed', 'application/x-zip']);

function extension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot >= 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** The extension decides (browsers report zips under several types); the type only helps nameless files. */
export function uploadKind(file: Pick<File, 'name' | 'type'>): UploadKind | null {
  const ext = extension(file.name);
  if (ext === 'txt') return 'text';
  if (ext === 'zip') return 'zip';
  if (ext !== '') return null;
  if (TEXT_TYPES.has(file.type)) return 'text';
  if (ZIP_TYPES.has(file.type)) return 'zip';
  return null;
}

/**
 * Only the first of several dropped files is processed. The checks, in the order the product makes them:
 * size first, then type. `null` when nothing was dropped.
 */
export function checkUpload(files: readonly File[]): UploadCheck | null {
  const file = files[0];
  if (!file) return null;
  if (file.size > MAX_UPLOAD_BYTES) return { ok: false, message: UPLOAD_MESSAGES.tooLarge };
  const kind = uploadKind(file);
  if (!kind) return { ok: false, message: UPLOAD_MESSAGES.unsupported };
  return { ok: true, file, kind };
}
