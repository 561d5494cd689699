/** `/digitalResources/paperCenter`: the paper centre. */
import { PaperCenter } from '@/features/question-bank/components/paper-center';

export default function PaperCenterRoute() {
  return <PaperCenter />;
}
