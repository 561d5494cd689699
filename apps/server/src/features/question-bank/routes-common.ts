/**
 * What the question-bank route files share: plugin options, route patterns from contract path
 * builders, the owner check of `/users/{userId}/…` and file answers of the exports.
 */
import { Messages, type ExportFormat } from '@eav/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config';
import { notFound } from '../../lib/errors';
import type { OperatorAudit } from '../../lib/operator-audit';
import {
  attachmentDisposition,
  EXPORT_CONTENT_TYPES,
  renderPaperDocx,
  renderPaperPdf,
  type ExportPaper,
} from '../../lib/paper-export';
import { sha256Hex } from '../../lib/tokens';
import { bearerToken } from '../../plugins/sign';

export interface QuestionBankOptions {
  config: AppConfig;
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
  // Control characters never belong in a file name (titles are plain text already; this is the last guard).
  // eslint-disable-next-line no-control-regex
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
