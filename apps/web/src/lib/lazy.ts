/**
 * Lazy route chunks (docs/product.md §9: chunks time out after 120 s). A chunk that fails or times out
 * is retried once; a second failure reaches the route error boundary, which offers a reload. Lazy
 * components over chunks that may already have loaded (`chunk`, `lazyFrom`).
 */
import { lazy, type ComponentType } from 'react';
import { CHUNK_TIMEOUT_MS } from '@eav/contract';

export class ChunkLoadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChunkLoadError';
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('页面加载超时')), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new ChunkLoadError(String(e)));
      },
    );
  });
}

/** Loads a chunk with the 120 s time-out, retrying once. */
export async function loadChunk<T>(load: () => Promise<T>, timeoutMs: number = CHUNK_TIMEOUT_MS): Promise<T> {
  try {
    return await withTimeout(load(), timeoutMs);
  } catch {
    return withTimeout(load(), timeoutMs);
  }
}

/** A chunk loaded at most once, whose module is at hand synchronously once it has arrived. */
export interface Chunk<M> {
  /** Loads the chunk (one request however often it is called; a failure lets the next call try again). */
  load(): Promise<M>;
  /** The module, once `load` has resolved. */
  loaded(): M | undefined;
}

/** Wraps a chunk's dynamic import (with `loadChunk`'s time-out and retry) as a `Chunk`. */
export function chunk<M>(load: () => Promise<M>): Chunk<M> {
  let module: M | undefined;
  let pending: Promise<M> | undefined;
  return {
    load: () =>
      (pending ??= loadChunk(load).then(
        (m) => (module = m),
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      )),
    loaded: () => module,
  };
}

/**
 * React's `lazy` over one export of a `Chunk`, rendered without suspending when the chunk has already
 * arrived (preloaded during the boot, or requested ahead of the render). Plain `lazy` suspends on its
 * first render even then, because the import's promise settles after the render: the nearest Suspense
 * boundary commits its fallback, and React then holds the content back for its fallback throttle
 * (300 ms) before it reveals it, on a phone as on a desktop. Given a thenable that has already settled,
 * `lazy` resolves during the render (React accepts any thenable; the types ask for a Promise).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same constraint as React's own `lazy`
export function lazyFrom<M, C extends ComponentType<any>>(from: Chunk<M>, pick: (module: M) => C) {
  return lazy<C>(() => {
    const module = from.loaded();
    if (module === undefined) return from.load().then((m) => ({ default: pick(m) }));
    const value = { default: pick(module) };
    const settled = { then: (onFulfilled: (v: typeof value) => unknown) => void onFulfilled(value) };
    return settled as unknown as Promise<typeof value>;
  });
}
