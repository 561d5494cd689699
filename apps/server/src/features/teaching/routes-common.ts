/**
 * What the teaching route files share: plugin options, route patterns from contract path builders,
 * the rate-limit key of a session and the owner check of `/users/{userId}/…`.
 */
import { Messages, type QuestionDetail } from '@eav/contract';
import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { sha256Hex } from '../../lib/tokens';
import type { StudentOrder } from './assignments';
import { bearerToken } from '../../plugins/sign';

/** Loads questions with answers by id (the question bank's `questionDetails`; missing ids are absent). */
export type QuestionLoader = (db: Db, ids: number[]) => Promise<Map<number, QuestionDetail>>;

/** Checked, re-encoded image storage with the per-user upload quota (the accounts feature's uploads). */
export interface ImageStore {
  /** Stores the re-encoded image; throws 415/422/413/429 AppErrors for bad input or a used-up quota. */
  store(db: Db, ownerId: number, data: Buffer, now: number): Promise<{ fileId: string; url: string }>;
  /** Throws 429/413 when the owner's upload quota is used up. */
  assertQuota(db: Db, ownerId: number, now: number): Promise<void>;
}

/** Options of the teaching plugin: other features' services come in here (app.ts wires them). */
export interface TeachingOptions {
  config: AppConfig;
  questionDetails: QuestionLoader;
  images: ImageStore;
}

/** The option order of `userId`'s view of an assignment, keyed by the server's URL-signing secret. */
export function studentOrder(config: AppConfig, assignmentId: number, userId: number): StudentOrder {
  return { secret: config.urlSigningSecret, assignmentId, userId };
}

/** `routePath(ApiPaths.teachingClass, 'id')` is `/api/v1/teaching/classes/:id`. */
export function routePath(build: (...params: string[]) => string, ...params: string[]): string {
  return build(...params.map((p) => `:${p}`));
}

/** A rate limit of `max` calls per `timeWindow` ms per session (else per address), under `name`. */
export function sessionRateLimit(name: string, max: number, timeWindow: number) {
  return {
    max,
    timeWindow,
    keyGenerator: (req: FastifyRequest) => {
      const token = bearerToken(req);
      return `teaching-${name}:${token ? sha256Hex(token) : req.ip}`;
    },
  };
}

/** Another user's `/users/{userId}/…` is hidden (docs/api.md: 404, never 403). */
export function assertSelf(request: FastifyRequest, userId: number): void {
  if (request.auth.user.id !== userId) throw notFound(Messages.notFoundRequest);
}
