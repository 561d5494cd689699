/** `/mobileH5/networkLearning`: H5 lesson list and player. */
import { MobileNetworkLearning } from '@/features/learning/components/mobile-network-learning';

export default function MobileNetworkLearningRoute() {
  return <MobileNetworkLearning />;
}
