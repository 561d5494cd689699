/**
 * The console's import job kinds (docs/console-content.md): each kind's endpoints, its name and a
 * short description of its JSON Lines format (docs/api.md, Import formats), shown before the upload.
 */
import { ApiPaths, type ImportJobKind, type QuestionBankImportKind } from '@eav/contract';

export interface ImportKindInfo {
  /** Chinese name of what is imported. */
  label: string;
  /** One line a record: the keys of a line. */
  format: string;
  /** An example line. */
  example: string;
}

export const IMPORT_KINDS: Record<ImportJobKind, ImportKindInfo> = {
  catalogue: {
    label: '教材目录',
    format: '每行一本教材：externalId、title、stage、subject、edition 必填，grade、volume、publisher 等可选',
    example: '{"externalId":"ctb-1","title":"数学七年级上册","stage":"初中","subject":"数学","edition":"人教版"}',
  },
  questions: {
    label: '试题',
    format:
      '每行一道试题：externalId、stage、subject、type（单选题、多选题、填空题、解答题……）、stem、answer 必填，options、analysis、knowledgePoints 等可选',
    example:
      '{"externalId":"q-1","stage":"高中","subject":"数学","type":"单选题","stem":"1+1=？","options":[{"key":"A","text":"2"},{"key":"B","text":"3"}],"answer":"A"}',
  },
  papers: {
    label: '试卷',
    format:
      '每行一份试卷：externalId、title、stage、subject、paperType（高考真题、期末……）、sections（按顺序列出大题及其试题 externalId）必填；试题须已导入',
    example:
      '{"externalId":"p-1","title":"期末测试","stage":"高中","subject":"数学","paperType":"期末","sections":[{"title":"一、选择题","questions":[{"externalId":"q-1","number":1,"score":5}]}]}',
  },
  'knowledge-points': {
    label: '知识点',
    format: '每行一个知识点：externalId、stage、subject、path（从根到该知识点的名称列表，上级自动创建）',
    example: '{"externalId":"kp-1","stage":"小学","subject":"数学","path":["应用题","比例应用题"]}',
  },
  chapters: {
    label: '教材章节',
    format:
      '每行一本教材的章节树：externalId（教材目录中的编号）、chapters（title、page、children 嵌套）；重新导入会替换整棵树',
    example:
      '{"externalId":"ctb-1","chapters":[{"title":"第一单元","page":1,"children":[{"title":"1 认识数","page":2}]}]}',
  },
};

/** The question bank's kinds in the order the console offers them. */
export const QUESTION_IMPORT_KINDS: readonly QuestionBankImportKind[] = [
  'questions',
  'papers',
  'knowledge-points',
  'chapters',
];

/** Endpoints of a kind's jobs: start (POST), state and events of job `id`. */
export function importPaths(kind: ImportJobKind) {
  if (kind === 'catalogue')
    return {
      start: ApiPaths.adminCatalogueImports,
      job: ApiPaths.adminCatalogueImport,
      events: ApiPaths.adminCatalogueImportEvents,
    };
  return {
    start: `${ApiPaths.adminQuestionBankImports}?kind=${encodeURIComponent(kind)}`,
    job: ApiPaths.adminQuestionBankImportJob,
    events: ApiPaths.adminQuestionBankImportEvents,
  };
}
