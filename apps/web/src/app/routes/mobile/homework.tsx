/** `/mobileH5/homework?tab=`: 我的作业 on the phone. */
import { MobileHomeworkList } from '@/features/teaching/components/mobile/homework-list';

export default function MobileHomeworkRoute() {
  return <MobileHomeworkList />;
}
