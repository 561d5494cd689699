/**
 * 题库导入 (docs/console-content.md, Question-bank import): the question bank's four files – 试题,
 * 试卷, 知识点, 教材章节 – each imported as a job with its progress and report, by the same importers
 * as the `import:*` commands.
 */
import styles from './console.module.css';
import { ConsolePage } from '@/components/console/console-page';
import { ImportPanel } from './import-panel';
import { QUESTION_IMPORT_KINDS } from '../lib/import-kinds';

export function QuestionImportConsole() {
  return (
    <ConsolePage title="题库导入">
      <p className={styles.muted}>
        文件为 JSON Lines 格式（每行一个 JSON 对象）。格式不对的行会按行号列出并跳过，其余照常导入；同一 externalId
        再次导入会原地更新。试卷引用的试题、章节树对应的教材须先导入。
      </p>
      <ImportPanel kinds={QUESTION_IMPORT_KINDS} title="导入题库数据" />
    </ConsolePage>
  );
}
