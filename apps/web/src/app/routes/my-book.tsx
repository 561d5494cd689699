/** `/myBook`: my textbooks (logged in). */
import { MyTextbooks } from '@/features/textbooks/components/my-textbooks';

export default function MyBookRoute() {
  return <MyTextbooks variant="all" />;
}
