/**
 * What a reading page mounts to take part in the activity (docs/prize.md): the heartbeats while the
 * book is open (`ActivityReading`) or while one of its lessons plays (`ActivityLessonReading`), and
 * a small note of today's credited time. Renders nothing when the book is not in a running activity
 * or nobody is logged in. Pages compose it next to the reader or player.
 */
import { useActivityHeartbeat } from '../hooks/use-activity-heartbeat';
import { useMediaPlaying } from '../hooks/use-media-playing';
import { ReadingBadge } from './reading-badge';

/**
 * The heartbeats of an open book and the note of today's credited time. `aboveBar`: the page has a
 * bar fixed at its bottom (the readers' page bars), which the note must not cover.
 */
export function ActivityReading({
  textbookId,
  reading,
  aboveBar = false,
}: {
  textbookId: number | undefined;
  reading: boolean;
  aboveBar?: boolean;
}) {
  const credit = useActivityHeartbeat(textbookId, reading);
  return <ReadingBadge credit={credit} aboveBar={aboveBar} />;
}

export function ActivityLessonReading({ textbookId }: { textbookId: number | undefined }) {
  const playing = useMediaPlaying();
  return <ActivityReading textbookId={textbookId} reading={playing} />;
}
