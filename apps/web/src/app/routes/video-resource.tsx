/** `/videoResource`: network learning, the lesson library (issue 4). */
import { LessonLibrary } from '@/features/learning/components/lesson-library';

export default function VideoResourceRoute() {
  return <LessonLibrary />;
}
