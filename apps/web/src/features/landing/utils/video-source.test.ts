import { describe, expect, it } from 'vitest';
import { videoSource } from './video-source';

describe('videoSource', () => {
  it('plays direct media files in a video element', () => {
    expect(videoSource('https://cdn.example.com/promo.mp4')).toEqual({
      kind: 'video',
      src: 'https://cdn.example.com/promo.mp4',
    });
    expect(videoSource('/files/demo.webm')?.kind).toBe('video');
  });

  it('embeds YouTube and Vimeo, turning watch links into embed links', () => {
    expect(videoSource('https://www.youtube.com/embed/abc123')).toEqual({
      kind: 'iframe',
      src: 'https://www.youtube.com/embed/abc123',
    });
    expect(videoSource('https://www.youtube.com/watch?v=abc123')?.src).toBe(
      'https://www.youtube.com/embed/abc123',
    );
    expect(videoSource('https://youtu.be/abc123')?.src).toBe('https://www.youtube.com/embed/abc123');
    expect(videoSource('https://vimeo.com/76979871')?.src).toBe('https://player.vimeo.com/video/76979871');
  });

  it('gives nothing for a missing or unsafe URL', () => {
    expect(videoSource(null)).toBeNull();
    expect(videoSource('  ')).toBeNull();
    expect(videoSource('javascript:alert(1)')).toBeNull();
  });
});
