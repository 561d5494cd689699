/** Helpers for route handlers: the success envelope and paging arithmetic. */
import { OK_CODE, type Paged } from '@eav/contract';

/** Wraps `data` in the success envelope `{ code: 200, msg: 'success', data }`. */
export function ok<T>(data: T): { code: typeof OK_CODE; msg: string; data: T } {
  return { code: OK_CODE, msg: 'success', data };
}

/** Builds the `data` of a list endpoint (contract section 2). */
export function page<T>(items: T[], total: number, pageNo: number, pageSize: number): Paged<T> {
  return { items, total, page: pageNo, pageSize };
}

/** SQL offset of a 1-based page. */
export const offsetOf = (pageNo: number, pageSize: number) => (pageNo - 1) * pageSize;
