/** `/mobileH5/course5`: the H5 home's 高中课程 (network-learning lessons of the 高中 stage). */
import { MobileStageCourses } from '@/features/learning/components/mobile-stage-courses';

export default function MobileCourse5Route() {
  return <MobileStageCourses stage="高中" />;
}
