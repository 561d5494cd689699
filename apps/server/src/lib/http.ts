/** Helpers for route handlers: the success envelope and the page of a list. */
import { OK_CODE, type Paged } from '@eav/contract';

/** Wraps `data` in the success envelope `{ code: 200, msg: 'success', data }`. */
export function ok<T>(data: T): { code: typeof OK_CODE; msg: string; data: T } {
  return { code: OK_CODE, msg: 'success', data };
}

/** Builds the `data` of a list endpoint (docs/api.md, Pagination). */
export function page<T>(items: T[], total: number, pageNo: number, pageSize: number): Paged<T> {
  return { items, total, page: pageNo, pageSize };
}
