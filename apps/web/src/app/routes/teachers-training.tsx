/** `/teachersTraining`: 智慧研修（研修课程列表） (docs/training.md). */
import { CourseList } from '@/features/training/components/course-list';

export default function Route() {
  return <CourseList />;
}
