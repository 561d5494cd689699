/**
 * What the prize route files share: the plugin options (the service, and the catalogue cards the
 * app composes in from the textbooks feature), the optional user of public routes and the owner
 * check of the per-user paths.
 */
import { Messages, type TextbookListItem } from '@eav/contract';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import type { OperatorAudit } from '../../lib/operator-audit';
import type { AuthUser } from '../../plugins/auth';
import type { PrizeService } from './service';

/** Catalogue cards by id (the textbooks feature's `cardsByIds`, passed in by app.ts). */
export type CardsByIds = (db: Db, ids: number[]) => Promise<Map<number, TextbookListItem>>;

export interface PrizeOptions {
  /** The activity's services (app.ts creates them and puts them on the app as `app.prize` for tests). */
  service: PrizeService;
  cards: CardsByIds;
  /** Records operators' activity writes (app.ts passes the accounts' audit trail). */
  audit?: OperatorAudit;
}

/** The user when logged in, else null; an invalid token still answers 401 (the client logs out). */
export async function optionalUser(request: FastifyRequest): Promise<AuthUser | null> {
  return (await request.getAuth())?.user ?? null;
}

/** A per-user path of another user is hidden: 404, never 403 (docs/api.md, Errors). */
export function requireOwnId(request: FastifyRequest, userId: number): void {
  if (request.auth.user.id !== userId) throw notFound(Messages.notFoundRequest);
}

/** A route pattern from a contract path builder: `routePath(ApiPaths.prizeHeartbeat, 'userId')`. */
export function routePath(build: (param: string) => string, param: string): string {
  return build(`:${param}`).replace(`${encodeURIComponent(':')}${param}`, `:${param}`);
}
