/** `/detail?id=…`: one textbook. */
import { TextbookDetail } from '@/features/textbooks/components/textbook-detail';

export default function DetailRoute() {
  return <TextbookDetail />;
}
