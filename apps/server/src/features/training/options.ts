/**
 * What the training route files share: the plugin options (other features' services arrive here
 * from app.ts), route patterns and the per-session rate-limit key.
 */
import type { QuestionDetail, Video } from '@eav/contract';
import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import type { OperatorAudit } from '../../lib/operator-audit';
import { sha256Hex } from '../../lib/tokens';
import { bearerToken } from '../../plugins/sign';

/** Loads questions with answers by id (the question bank's `questionDetails`; missing ids are absent). */
export type QuestionLoader = (db: Db, ids: number[]) => Promise<Map<number, QuestionDetail>>;

/** Network-learning videos (the textbooks feature's `describeVideo` and `grantVideo`). */
export interface VideoSource {
  describe(db: Db, id: number): Promise<Video | null>;
  /** Signed play URLs for user `uid` at `now` (ms); null when the video is gone. */
  grant(
    db: Db,
    id: number,
    uid: number,
    now: number,
  ): Promise<{ video: Video; mp4Url: string; hlsUrl: string | null; expiresAt: string } | null>;
}

export interface TrainingOptions {
  config: AppConfig;
  questionDetails: QuestionLoader;
  videos: VideoSource;
  /** Records operators' writes (the accounts' audit trail, from app.ts); without it (tools) they are not audited. */
  audit?: OperatorAudit;
}

/** `routePath(ApiPaths.trainingCourse, 'id')` is `/api/v1/training/courses/:id`. */
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
      return `training-${name}:${token ? sha256Hex(token) : req.ip}`;
    },
  };
}

/** Display name of an account: the real name when given, else the user name. */
export function displayName(u: { realName: string | null; userName: string }): string {
  return u.realName?.trim() || u.userName;
}

/** Whether the user has the teacher identity (role `teacher`, given to identity 教师 at registration). */
export const isTeacher = (roles: readonly string[]) => roles.includes('teacher');
