/** `/mobileH5/course3`: the H5 home's 小学课程 (network-learning lessons of the 小学 stage). */
import { MobileStageCourses } from '@/features/learning/components/mobile-stage-courses';

export default function MobileCourse3Route() {
  return <MobileStageCourses stage="小学" />;
}
