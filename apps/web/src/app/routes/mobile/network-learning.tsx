/** `/mobileH5/networkLearning`: H5 lesson list and player. */
import { useSearchParams } from 'react-router';
import { useVideo } from '@/features/learning/api/get-video';
import { MobileNetworkLearning } from '@/features/learning/components/mobile-network-learning';
import { ActivityLessonReading } from '@/features/prize/components/activity-reading';

export default function MobileNetworkLearningRoute() {
  const [search] = useSearchParams();
  const id = Number(search.get('id'));
  const lesson = useVideo(Number.isInteger(id) && id > 0 ? id : undefined);
  return (
    <>
      {/* A playing lesson of a recommended book counts for the running activity (docs/prize.md). */}
      <ActivityLessonReading textbookId={lesson.data?.textbookId} />
      <MobileNetworkLearning />
    </>
  );
}
