/** `/teachersTraining/mine`: 我的研修与研修档案 (docs/training.md). */
import { MyTraining } from '@/features/training/components/my-training';

export default function Route() {
  return <MyTraining />;
}
