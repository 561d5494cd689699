/** `/mobileH5/browse`: resources and papers by 学段 and 学科. */
import { MobileBrowse } from '@/features/resources/components/mobile/mobile-browse';

export default function BrowseRoute() {
  return <MobileBrowse />;
}
