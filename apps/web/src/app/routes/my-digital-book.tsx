/** `/myDigitalBook`: my textbooks that can be read online (logged in). */
import { MyTextbooks } from '@/features/textbooks/components/my-textbooks';

export default function MyDigitalBookRoute() {
  return <MyTextbooks variant="digital" />;
}
