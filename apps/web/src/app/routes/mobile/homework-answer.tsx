/** `/mobileH5/homework/answer?id=`: answering one assignment on the phone. */
import { MobileHomeworkAnswer } from '@/features/teaching/components/mobile/homework-answer';

export default function MobileHomeworkAnswerRoute() {
  return <MobileHomeworkAnswer />;
}
