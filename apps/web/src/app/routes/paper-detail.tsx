/** `/digitalResources/paperCenter/paper?id=`: one paper of the paper centre. */
import { PaperDetailPage } from '@/features/question-bank/components/paper-detail';

export default function PaperDetailRoute() {
  return <PaperDetailPage />;
}
