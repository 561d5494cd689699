/** `/detail?id=…`: one textbook (issue 4). */
import { TextbookDetail } from '@/features/textbooks/components/textbook-detail';

export default function DetailRoute() {
  return <TextbookDetail />;
}
