import { type SyntheticEvent, useEffect, useRef, useState } from 'react';

/**
 * The `src` for a player whose link is renewed from time to time: a new link is taken only while the
 * player is paused (or broken), never in the middle of playback, and it resumes where it was.
 */
export function usePlaybackSafeSrc<E extends HTMLMediaElement>(url: string) {
  const ref = useRef<E>(null);
  const [src, setSrc] = useState(url);
  const resumeAt = useRef<number | null>(null);

  useEffect(() => {
    if (url === src) return;
    const element = ref.current;
    const swap = () => {
      if (element && element.currentTime > 0) resumeAt.current = element.currentTime;
      setSrc(url);
    };
    if (!element || element.paused || element.error) return swap();
    element.addEventListener('pause', swap, { once: true });
    return () => element.removeEventListener('pause', swap);
  }, [url, src]);

  const onLoadedMetadata = (event: SyntheticEvent<E>) => {
    if (resumeAt.current === null) return;
    event.currentTarget.currentTime = resumeAt.current;
    resumeAt.current = null;
  };

  return { ref, src, onLoadedMetadata };
}
