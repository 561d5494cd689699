/** What the publishing route files share: the plugin options, the audit writer and route patterns. */
import type { OperatorAudit } from '../../lib/operator-audit';
import type { CardsByIds } from './catalogue';

export interface PublishingOptions {
  /** Catalogue cards of books by id (the textbooks feature's, passed from app.ts). */
  cards: CardsByIds;
  /** Records operators' writes (the accounts' audit trail, from app.ts); without it (tools) they are not audited. */
  audit?: OperatorAudit;
}

/** A route pattern from a contract path builder: `routePath(ApiPaths.x, 'id')` is `/…/:id`. */
export function routePath(build: (param: string) => string, param: string): string {
  return build(`:${param}`);
}

/** `%` and `_` typed by an operator are matched literally in ILIKE patterns. */
export const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
