/**
 * `/material?id=<textbook>[&videoId=<lesson>]`: a textbook's audio-video lessons by chapter with the
 * player; without a textbook id, the lesson library.
 */
import { useSearchParams } from 'react-router';
import { LessonLibrary } from '@/features/learning/components/lesson-library';
import { LessonWorkspace } from '@/features/learning/components/lesson-workspace';

export default function MaterialRoute() {
  const [search, setSearch] = useSearchParams();
  const id = Number(search.get('id'));
  const videoId = Number(search.get('videoId'));
  if (!Number.isInteger(id) || id <= 0) return <LessonLibrary />;
  return (
    <LessonWorkspace
      mode="book"
      textbookId={id}
      videoId={Number.isInteger(videoId) && videoId > 0 ? videoId : undefined}
      onSelect={(v) => setSearch({ id: String(id), videoId: String(v) })}
    />
  );
}
