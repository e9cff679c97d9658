/**
 * `Content-Disposition` for a served file. The quoted `filename` is an ASCII stand-in for old clients;
 * `filename*` (RFC 8187) carries the real name in UTF-8.
 */
export function contentDisposition(download: string | undefined): string {
  if (!download) return 'inline';
  const ascii = download.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(download).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
