/**
 * What the question-bank route files share: plugin options, route patterns from contract path
 * builders, the owner check of `/users/{userId}/…` and file answers of the exports.
 */
import {
  Messages,
  type AnswerHiddenReason,
  type ExportFormat,
  type PaperSection,
  type QuestionDetail,
  type QuestionRead,
} from '@eav/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import type { OperatorAudit } from '../../lib/operator-audit';
import {
  attachmentDisposition,
  EXPORT_CONTENT_TYPES,
  renderPaperDocx,
  renderPaperPdf,
  type ExportPaper,
} from '../../lib/paper-export';
import { storedAnswer } from '../../lib/stored-answer';
import { sha256Hex } from '../../lib/tokens';
import { bearerToken } from '../../plugins/sign';

/**
 * The ids among `questionIds` whose answers `userId` may not read in the bank at `now`: questions of
 * their homework or training quiz whose answers are not shown yet (app.ts joins the teaching and
 * training features' rules).
 */
export type AnswerGate = (db: Db, userId: number, questionIds: number[], now: Date) => Promise<Set<number>>;

/**
 * Public URL of a book's cover by the catalogue's rule (docs/textbooks.md, Covers): the textbooks
 * feature's `coverUrlOf`, passed in by app.ts.
 */
export type CoverUrlOf = (book: {
  id: number;
  coverUrl: string | null;
  coverKey: string | null;
  updatedAt: Date;
}) => string;

export interface QuestionBankOptions {
  config: AppConfig;
  /** The covers of the books listed with their chapter trees. */
  coverUrl: CoverUrlOf;
  /** Hides answers of questions in the caller's open work (absent: only the login is required). */
  answerGate?: AnswerGate;
  /** Records operators' console writes (app.ts passes the accounts' audit trail). */
  audit?: OperatorAudit;
}

/** `routePath(ApiPaths.paper, 'id')` is `/api/v1/papers/:id`. */
export function routePath(build: (...params: string[]) => string, ...params: string[]): string {
  return build(...params.map((p) => `:${p}`));
}

/** Another user's basket or papers are hidden (docs/api.md: 404, never 403). */
export function assertOwner(request: FastifyRequest, userId: number): void {
  if (request.auth.user.id !== userId) throw notFound(Messages.notFoundRequest);
}

/** Rate limit of the exports (rendering costs CPU): per session, else per address; one object per route. */
export function exportRateLimit() {
  return {
    max: 30,
    timeWindow: 60_000,
    keyGenerator: (req: FastifyRequest) => {
      const token = bearerToken(req);
      return `paper-export:${token ? sha256Hex(token) : req.ip}`;
    },
  };
}

/** A file name without characters that file systems refuse. */
function fileName(title: string, format: ExportFormat): string {
  // eslint-disable-next-line no-control-regex -- control characters never belong in a file name (titles are plain text already; this is the last guard)
  const unsafe = /[\\/:*?"<>|\u0000-\u001f]+/g;
  const base = title.replace(unsafe, ' ').trim().slice(0, 100) || '试卷';
  return `${base}.${format}`;
}

/** Renders `doc` and answers it as a download (RFC 6266 file name). */
export async function sendExport(reply: FastifyReply, doc: ExportPaper, format: ExportFormat) {
  const body = format === 'pdf' ? await renderPaperPdf(doc) : await renderPaperDocx(doc);
  return reply
    .header('Content-Type', EXPORT_CONTENT_TYPES[format])
    .header('Content-Disposition', attachmentDisposition(fileName(doc.title, format)))
    .header('Cache-Control', 'private, no-store')
    .send(body);
}

/**
 * Why the caller may not read the answers of `questionIds` (docs/question-bank.md, Answers): a visitor
 * never (`login`); a user not those of their open homework or quiz (`openWork`, `opts.answerGate`).
 * @returns the reason per question id; absent ids may be read.
 */
export async function hiddenAnswers(
  app: FastifyInstance,
  request: FastifyRequest,
  opts: QuestionBankOptions,
  questionIds: number[],
): Promise<Map<number, AnswerHiddenReason>> {
  const out = new Map<number, AnswerHiddenReason>();
  const auth = await request.getAuth();
  if (!auth) {
    for (const id of questionIds) out.set(id, 'login');
    return out;
  }
  const open = (await opts.answerGate?.(app.db, auth.user.id, questionIds, new Date(app.clock()))) ?? new Set<number>();
  for (const id of open) out.set(id, 'openWork');
  return out;
}

/** A question as the caller may read it: answer and analysis null with the reason when hidden. */
export function questionAsRead(q: QuestionDetail, hidden: AnswerHiddenReason | undefined): QuestionRead {
  return {
    ...q,
    answer: hidden ? null : storedAnswer(q.answer),
    analysis: hidden ? null : q.analysis,
    answerHidden: hidden ?? null,
  };
}

const sectionQuestionIds = (sections: PaperSection[]) => sections.flatMap((s) => s.questions.map((q) => q.question.id));

/**
 * Whether an export of these sections may append 参考答案与解析: asked for, and no question of the paper
 * is withheld from the caller (`hiddenAnswers`).
 */
export async function mayExportAnswers(
  app: FastifyInstance,
  request: FastifyRequest,
  opts: QuestionBankOptions,
  sections: PaperSection[],
  asked: boolean,
): Promise<boolean> {
  return asked && (await hiddenAnswers(app, request, opts, sectionQuestionIds(sections))).size === 0;
}

/**
 * A paper's sections as the caller may read them (a bank paper or a composed one): each question as
 * `GET /api/v1/questions/{id}` answers it (`hiddenAnswers`), so no paper shows an answer the bank withholds.
 */
export async function sectionsAsRead(
  app: FastifyInstance,
  request: FastifyRequest,
  opts: QuestionBankOptions,
  sections: PaperSection[],
) {
  const hidden = await hiddenAnswers(app, request, opts, sectionQuestionIds(sections));
  return sections.map((s) => ({
    ...s,
    questions: s.questions.map((q) => ({ ...q, question: questionAsRead(q.question, hidden.get(q.question.id)) })),
  }));
}
