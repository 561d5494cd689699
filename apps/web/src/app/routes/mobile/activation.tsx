/** `/mobileH5/activation`: activate a textbook by code (H5). */
import { MobileActivation } from '@/features/textbooks/components/mobile/mobile-activation';

export default function MobileActivationRoute() {
  return <MobileActivation />;
}
