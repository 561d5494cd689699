/**
 * Whether an audio or video element of the page is playing. Media events do not bubble, so they
 * are caught on the document in the capture phase: the lesson player needs no change to let the
 * activity count its time (docs/prize.md).
 */
import { useEffect, useState } from 'react';

function anyPlaying(): boolean {
  return Array.from(document.querySelectorAll('video, audio')).some(
    (m) => !(m as HTMLMediaElement).paused && !(m as HTMLMediaElement).ended,
  );
}

export function useMediaPlaying(): boolean {
  const [playing, setPlaying] = useState(false);
  useEffect(() => {
    const update = () => setPlaying(anyPlaying());
    const events = ['play', 'playing', 'pause', 'ended', 'emptied'];
    for (const e of events) document.addEventListener(e, update, true);
    update();
    return () => {
      for (const e of events) document.removeEventListener(e, update, true);
    };
  }, []);
  return playing;
}
