/** `/videoResource`: network learning, the lesson library. */
import { LessonLibrary } from '@/features/learning/components/lesson-library';

export default function VideoResourceRoute() {
  return <LessonLibrary />;
}
