/**
 * The audit of operators' writes (docs/console-content.md, Audit): features receive an
 * `OperatorAudit` as a plugin option from app.ts, which writes it through the accounts' audit
 * trail, so a feature records who changed what without reaching into the accounts feature.
 */
import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../db/client';

/** A JSON value of a before/after snapshot. */
export type AuditJson = string | number | boolean | null | AuditJson[] | { [key: string]: AuditJson };

/** One operator action: the event name, its target (`banner:12`) and the target's values before and after. */
export interface OperatorAuditEntry {
  event:
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
    | 'console_export';
  target: string;
  result?: 'success' | 'failure';
  before?: Record<string, AuditJson> | null;
  after?: Record<string, AuditJson> | null;
  detail?: Record<string, string | number | boolean | null>;
}

/**
 * Writes one audit row for the authenticated operator of `request` (inside `db`'s transaction when
 * a transaction is passed, so the row and the write commit together).
 */
export type OperatorAudit = (db: Db | Tx, request: FastifyRequest, entry: OperatorAuditEntry) => Promise<void>;

/** An audit that records nothing (tools and tests that build a feature without the accounts). */
export const noAudit: OperatorAudit = async () => {};
