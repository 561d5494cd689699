/**
 * Erasure registry: account cancellation removes or anonymises everything any feature stores about
 * the user (pupils are minors; docs/accounts.md, Erasure). Each feature registers one eraser per
 * kind of data it keeps; the cancellation runs them all, in registration order, inside its own
 * transaction, so that either every eraser succeeds or nothing changes:
 *
 *   app.registerErasure('textbooks.progress', async (tx, userId, now) => { ... });
 *
 *   const finish = await app.eraseUser(tx, userId, now); // inside the transaction
 *   await finish();                                      // after the commit
 *
 * The users row is anonymised by the cancellation itself after every eraser ran, so an eraser can
 * still read the person's phone or user name. Erasers change only the database; work outside it
 * (removing stored files) is queued with `ctx.afterCommit` and runs once the transaction committed,
 * never after a rollback.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Tx } from '../db/client';

export interface ErasureContext {
  /** Queues work to run after the cancellation's transaction committed (e.g. deleting files). */
  afterCommit(task: () => Promise<void>): void;
}

/**
 * Removes or anonymises one kind of data of `userId` inside the cancellation's transaction `tx`;
 * `now` is the cancellation's time (the app clock).
 */
export type Eraser = (tx: Tx, userId: number, now: Date, ctx: ErasureContext) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Registers an eraser under a unique name (e.g. 'accounts.sessions'); a name registered twice
     * throws at start-up, so no plugin silently replaces another's eraser.
     */
    registerErasure(name: string, erase: Eraser): void;
    /**
     * Runs every registered eraser for `userId` in `tx`, in registration order, and answers the
     * function to call after the commit (it runs the queued `afterCommit` work; a failing task is
     * logged, not thrown, since the erasure itself has already been committed).
     */
    eraseUser(tx: Tx, userId: number, now: Date): Promise<() => Promise<void>>;
    /** Names of the registered erasers, in order. */
    erasureNames(): string[];
  }
}

export default fp(
  async function erasure(app: FastifyInstance) {
    const erasers = new Map<string, Eraser>();
    app.decorate('registerErasure', (name: string, erase: Eraser) => {
      if (erasers.has(name)) throw new Error(`eraser '${name}' is already registered`);
      erasers.set(name, erase);
    });
    app.decorate('eraseUser', async (tx: Tx, userId: number, now: Date) => {
      const tasks: (() => Promise<void>)[] = [];
      const ctx: ErasureContext = { afterCommit: (task) => void tasks.push(task) };
      for (const erase of erasers.values()) await erase(tx, userId, now, ctx);
      return async () => {
        for (const [i, r] of (await Promise.allSettled(tasks.map((task) => task()))).entries()) {
          if (r.status === 'rejected') app.log.error({ err: r.reason, task: i }, 'erasure: after-commit task failed');
        }
      };
    });
    app.decorate('erasureNames', () => [...erasers.keys()]);
  },
  { name: 'erasure' },
);
