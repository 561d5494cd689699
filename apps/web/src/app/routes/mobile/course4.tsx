/** `/mobileH5/course4`: the H5 home's 初中课程 (network-learning lessons of the 初中 stage). */
import { MobileStageCourses } from '@/features/learning/components/mobile-stage-courses';

export default function MobileCourse4Route() {
  return <MobileStageCourses stage="初中" />;
}
