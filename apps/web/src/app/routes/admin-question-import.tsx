/** `/admin/question-import`: operator console, 题库导入 (docs/console-content.md). */
import { QuestionImportConsole } from '@/features/console-content/components/question-import-console';

export default function AdminQuestionImportRoute() {
  return <QuestionImportConsole />;
}
