/** What the publishing route files share: the plugin options and route patterns. */
import type { CardsByIds } from './catalogue';

export interface PublishingOptions {
  /** Catalogue cards of books by id (the textbooks feature's, passed from app.ts). */
  cards: CardsByIds;
}

/** A route pattern from a contract path builder: `routePath(ApiPaths.x, 'id')` is `/…/:id`. */
export function routePath(build: (param: string) => string, param: string): string {
  return build(`:${param}`);
}
