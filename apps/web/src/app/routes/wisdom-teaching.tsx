/** `/WisdomTeaching`: 智慧教学 (classes, assignments, answering, grading, reports, 错题本). */
import { WisdomTeaching } from '@/features/teaching/components/desktop/wisdom-teaching';

export default function WisdomTeachingRoute() {
  return <WisdomTeaching />;
}
