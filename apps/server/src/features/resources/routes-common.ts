/** What the resource route files share: plugin options, the optional user, the owner check. */
import { Messages } from '@eav/contract';
import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config';
import { notFound } from '../../lib/errors';
import type { OperatorAudit } from '../../lib/operator-audit';
import type { AuthUser } from '../../plugins/auth';
import type { Generator } from './generate';
import type { ResourceStorage } from '../../lib/storage';

export interface ResourcesOptions {
  config: AppConfig;
  /** Records operators' review decisions (app.ts passes the accounts' audit trail). */
  audit?: OperatorAudit;
  /** Where the files live (app.ts builds the configured adapter once). */
  storage: ResourceStorage;
}

/** What every route file of the feature gets from the plugin. */
export interface ResourcesContext extends ResourcesOptions {
  generator: Generator;
}

/** The user when logged in, else null; an invalid token still answers 401 (the client logs out). */
export async function optionalUser(request: FastifyRequest): Promise<AuthUser | null> {
  return (await request.getAuth())?.user ?? null;
}

/** `/users/{userId}/…` calls are the owner's only: anyone else gets the 404 of an unknown path. */
export function assertSelf(request: FastifyRequest, userId: number): void {
  if (request.auth.user.id !== userId) throw notFound(Messages.notFoundRequest);
}
