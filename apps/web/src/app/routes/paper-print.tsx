/** `/digitalResources/paperCenter/print?id=|mine=`: the print view of a paper or an own composed paper. */
import { PaperPrintPage } from '@/features/question-bank/components/paper-print';

export default function PaperPrintRoute() {
  return <PaperPrintPage />;
}
