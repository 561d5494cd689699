/** `/teachersTraining/course?id=`: 研修课程详情 (docs/training.md). */
import { CourseDetail } from '@/features/training/components/course-detail';

export default function Route() {
  return <CourseDetail />;
}
