/** `/mobileH5/textbook`: H5 bookstore (stage tabs, search, list). */
import { MobileBookstore } from '@/features/textbooks/components/mobile/mobile-bookstore';

export default function MobileTextbookRoute() {
  return <MobileBookstore />;
}
