/** `/bigData`: 大数据中心 (platform figures, refreshed every minute). */
import { BigDataCentre } from '@/features/big-data/components/big-data-centre';

export default function BigDataRoute() {
  return <BigDataCentre />;
}
