/** `/mobileH5/browseBook?id=`: one textbook on the H5 site. */
import { MobileBook } from '@/features/textbooks/components/mobile/mobile-book';

export default function MobileBrowseBookRoute() {
  return <MobileBook />;
}
