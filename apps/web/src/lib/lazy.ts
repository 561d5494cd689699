/**
 * Lazy route chunks (docs/product.md §9: chunks time out after 120 s). A chunk that fails or times out
 * is retried once; a second failure reaches the route error boundary, which offers a reload.
 */
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
