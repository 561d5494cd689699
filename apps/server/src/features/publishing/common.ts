/** What the publishing route files share: the plugin options, the audit writer and route patterns. */
import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../../db/client';
import type { AuditJson } from '../../lib/operator-audit';
import type { CardsByIds } from './catalogue';

/** A console write of the publishing feature as the audit trail records it (docs/publishing.md, Console). */
export interface PublishingAuditEntry {
  event:
    | 'publishing_announcement_create'
    | 'publishing_announcement_update'
    | 'publishing_announcement_delete'
    | 'publishing_erratum_create'
    | 'publishing_erratum_update'
    | 'publishing_erratum_delete'
    | 'publishing_printing_create'
    | 'publishing_printing_update'
    | 'publishing_printing_delete';
  /** `announcement:3`, `erratum:12`, `printing:4`. */
  target: string;
  before?: Record<string, AuditJson> | null;
  after?: Record<string, AuditJson> | null;
}

/** Writes one console audit row inside the write's transaction (the accounts' `consoleAudit`, from app.ts). */
export type PublishingAudit = (db: Db | Tx, request: FastifyRequest, entry: PublishingAuditEntry) => Promise<void>;

export interface PublishingOptions {
  /** Catalogue cards of books by id (the textbooks feature's, passed from app.ts). */
  cards: CardsByIds;
  /** Records operators' writes; without it (tools) they are not audited. */
  consoleAudit?: PublishingAudit;
}

/** A route pattern from a contract path builder: `routePath(ApiPaths.x, 'id')` is `/…/:id`. */
export function routePath(build: (param: string) => string, param: string): string {
  return build(`:${param}`);
}

/** `%` and `_` typed by an operator are matched literally in ILIKE patterns. */
export const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
