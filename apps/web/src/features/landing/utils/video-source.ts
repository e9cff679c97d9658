export type VideoSource = { kind: 'iframe'; src: string } | { kind: 'video'; src: string };

const MEDIA_FILE = /\.(mp4|webm|ogv|ogg|mov|m4v)$/i;

/**
 * How to show the configured demo video: direct media files in a <video>, anything else (YouTube,
 * Vimeo and similar embed pages) in an <iframe>. Watch-page links of YouTube and Vimeo become their
 * embed URLs. Anything that is not http(s) or a same-site path gives null.
 */
export function videoSource(raw: string | null | undefined): VideoSource | null {
  const value = raw?.trim();
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value, window.location.origin);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (MEDIA_FILE.test(url.pathname)) return { kind: 'video', src: url.href };

  const host = url.hostname.replace(/^www\.|^m\./, '');
  if (host === 'youtube.com' && url.pathname === '/watch' && url.searchParams.get('v')) {
    return { kind: 'iframe', src: `${url.origin}/embed/${url.searchParams.get('v')}` };
  }
  if (host === 'youtu.be' && url.pathname.length > 1) {
    return { kind: 'iframe', src: `https://www.youtube.com/embed${url.pathname}` };
  }
  const vimeoId = host === 'vimeo.com' ? url.pathname.match(/^\/(\d+)/)?.[1] : undefined;
  if (vimeoId) return { kind: 'iframe', src: `https://player.vimeo.com/video/${vimeoId}` };
  return { kind: 'iframe', src: url.href };
}
