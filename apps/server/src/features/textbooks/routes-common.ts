/**
 * What the textbook route files share: the plugin options, the optional user of public routes and
 * plain-text answers of the media routes (opened by the browser directly, not JSON).
 */
import { INT4_MAX } from '@eav/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import type { OperatorAudit } from '../../lib/operator-audit';
import type { ResourceStorage } from '../../lib/storage';
import type { AuthUser } from '../../plugins/auth';

export interface TextbooksOptions {
  config: AppConfig;
  /** Where stored textbook files, covers and videos live (app.ts builds the configured adapter once). */
  storage: ResourceStorage;
  /** Records operators' writes of the console routes (app.ts passes the accounts' audit trail). */
  audit?: OperatorAudit;
  /**
   * Told of each reading-progress save of a logged-in user, with the page as saved, before the answer
   * is sent (so a client that reads its work next sees it); app.ts passes the teaching feature's
   * reading assignments. A failure is logged and never fails the save.
   */
  progressSaved?: ProgressSaved;
}

/** Reacts to a saved reading-progress page (`page` as saved: clamped to the book). */
export type ProgressSaved = (db: Db, userId: number, textbookId: number, page: number, now: Date) => Promise<void>;

/** The user when logged in, else null; an invalid token still answers 401 (the client logs out). */
export async function optionalUser(request: FastifyRequest): Promise<AuthUser | null> {
  return (await request.getAuth())?.user ?? null;
}

/** A plain-text error answer of a media route (`/media/**`, `/covers/**`). */
export function textAnswer(reply: FastifyReply, status: number, message: string) {
  return reply.status(status).type('text/plain; charset=utf-8').send(message);
}

/**
 * A route pattern from a contract path builder: `routePath(ApiPaths.textbook, 'id')` is
 * `/api/v1/textbooks/:id`. Builders that percent-encode their argument encode the `:` too, which
 * is undone here.
 */
export function routePath(build: (param: string) => string, param: string): string {
  return build(`:${param}`).replace(`${encodeURIComponent(':')}${param}`, `:${param}`);
}

/**
 * The id in a media file name (`123`, from `123.pdf`), or 0 when it is not a database id
 * (1..INT4_MAX), so that an out-of-range name answers the route's plain 404, never a database error.
 */
export function fileId(digits: string | undefined): number {
  const n = digits && /^\d{1,10}$/.test(digits) ? Number(digits) : 0;
  return n >= 1 && n <= INT4_MAX ? n : 0;
}
