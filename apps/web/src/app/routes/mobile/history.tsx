/** `/mobileH5/history`: 浏览记录 on the phone. */
import { MobileHistory } from '@/features/history/components/mobile-history';

export default function MobileHistoryRoute() {
  return <MobileHistory />;
}
