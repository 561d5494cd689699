/** `/mobileH5/wrongBook`: 错题本 on the phone. */
import { MobileWrongBook } from '@/features/teaching/components/mobile/wrong-book';

export default function MobileWrongBookRoute() {
  return <MobileWrongBook />;
}
