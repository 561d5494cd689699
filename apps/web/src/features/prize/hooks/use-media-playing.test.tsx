/** Lesson videos count while they play: play and pause events of any media element are seen. */
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useMediaPlaying } from './use-media-playing';

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

function fakeVideo(): { el: HTMLVideoElement; set(paused: boolean, event: string): void } {
  const el = document.createElement('video');
  let paused = true;
  Object.defineProperty(el, 'paused', { get: () => paused });
  document.body.append(el);
  return {
    el,
    set(p, event) {
      paused = p;
      // Media events do not bubble; the hook listens in the capture phase.
      act(() => void el.dispatchEvent(new Event(event, { bubbles: false })));
    },
  };
}

describe('useMediaPlaying', () => {
  it('follows play, pause and end of a video that is not its own', () => {
    const video = fakeVideo();
    const { result } = renderHook(() => useMediaPlaying());
    expect(result.current).toBe(false);
    video.set(false, 'play');
    expect(result.current).toBe(true);
    video.set(true, 'pause');
    expect(result.current).toBe(false);
    video.set(false, 'playing');
    expect(result.current).toBe(true);
    video.set(true, 'ended');
    expect(result.current).toBe(false);
  });
});
