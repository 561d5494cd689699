/**
 * The audit of operators' writes (docs/console.md, Audit; docs/console-content.md, Audit): one event
 * list and one writer type for every console write. Features receive an `OperatorAudit` as the
 * plugin option `audit` from app.ts, which writes it through the accounts' audit trail, so a feature
 * records who changed what without reaching into the accounts feature.
 */
import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../db/client';

/** A JSON value of a before/after snapshot. */
export type AuditJson = string | number | boolean | null | AuditJson[] | { [key: string]: AuditJson };

/** Every operator action the audit trail records (the accounts' own events are in its audit.ts). */
export type OperatorAuditEvent =
  // content (docs/console-content.md)
  | 'catalogue_import'
  | 'question_bank_import'
  | 'textbook_update'
  | 'textbook_cover'
  | 'textbook_chapters'
  | 'textbook_pdf'
  | 'banner_create'
  | 'banner_update'
  | 'banner_delete'
  | 'banner_image'
  | 'banner_reorder'
  | 'resource_review'
  | 'activity_save'
  // users, codes and sign-in (docs/console.md)
  | 'console_user_status'
  | 'console_user_roles'
  | 'console_user_unlock'
  | 'console_user_sessions'
  | 'console_code_batch'
  | 'console_code_batch_void'
  | 'console_mfa_reset'
  // 研修课程 and 出版管理 (docs/training.md, docs/publishing.md)
  | 'training_course_save'
  | 'training_course_publish'
  | 'training_certificate_revoke'
  | 'publishing_announcement_create'
  | 'publishing_announcement_update'
  | 'publishing_announcement_delete'
  | 'publishing_erratum_create'
  | 'publishing_erratum_update'
  | 'publishing_erratum_delete'
  | 'publishing_printing_create'
  | 'publishing_printing_update'
  | 'publishing_printing_delete'
  // any console table export (docs/console.md, Exports)
  | 'console_export';

/**
 * One operator action: the event, its target (`banner:12`, `user:3`), the target's values before and
 * after, and non-personal detail. The operator is the request's user.
 */
export interface OperatorAuditEntry {
  event: OperatorAuditEvent;
  target: string;
  /** `success` unless told. */
  result?: 'success' | 'failure';
  before?: Record<string, AuditJson> | null;
  after?: Record<string, AuditJson> | null;
  detail?: Record<string, string | number | boolean | null>;
  /** The account concerned, when the target is one. */
  userId?: number | null;
}

/**
 * Writes one audit row for the authenticated operator of `request` (inside `db`'s transaction when
 * a transaction is passed, so the row and the write commit together).
 */
export type OperatorAudit = (db: Db | Tx, request: FastifyRequest, entry: OperatorAuditEntry) => Promise<void>;

/** An audit that records nothing (tools and tests that build a feature without the accounts). */
export const noAudit: OperatorAudit = async () => {};
