/**
 * `/material?id=<textbook>[&videoId=<lesson>]`: a textbook's audio-video lessons by chapter with the
 * player; without a textbook id, the lesson library.
 */
import { useSearchParams } from 'react-router';
import { LessonLibrary } from '@/features/learning/components/lesson-library';
import { LessonWorkspace } from '@/features/learning/components/lesson-workspace';
import { ActivityLessonReading } from '@/features/prize/components/activity-reading';

export default function MaterialRoute() {
  const [search, setSearch] = useSearchParams();
  const id = Number(search.get('id'));
  const videoId = Number(search.get('videoId'));
  if (!Number.isInteger(id) || id <= 0) return <LessonLibrary />;
  return (
    <>
      {/* A playing lesson of a recommended book counts for the running activity (docs/prize.md). */}
      <ActivityLessonReading textbookId={id} />
      <LessonWorkspace
        mode="book"
        textbookId={id}
        videoId={Number.isInteger(videoId) && videoId > 0 ? videoId : undefined}
        onSelect={(v) => setSearch({ id: String(id), videoId: String(v) })}
      />
    </>
  );
}
