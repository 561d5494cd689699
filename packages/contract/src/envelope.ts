/**
 * Response envelope and pagination (docs/api.md, Envelope and Pagination).
 */
import { z } from 'zod';
import { OK_CODE, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from './constants';
import { INT4_MAX } from './schemas/common';

/** `{ code, msg, data }`: every JSON response of `/api/**` and `/prize/api/**`. */
export interface ApiEnvelope<T> {
  code: number | string;
  msg: string;
  data?: T;
  /** Present on 5xx answers so that the logs can be searched for the failing request. */
  requestId?: string;
}

/** Zod schema of a successful envelope around `data`. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.literal(OK_CODE), msg: z.string(), data });
}

/** Zod schema of an error envelope. */
export const errorEnvelope = z.object({
  code: z.union([z.number(), z.string()]),
  msg: z.string(),
  data: z.unknown().optional(),
  requestId: z.string().optional(),
});

/**
 * Query parameters of every list endpoint: 1-based `page` (at most 2147483647, so the row offset
 * stays a safe integer), `pageSize` default 20, at most 100.
 */
export const paginationQuery = z.object({
  page: z.coerce
    .number({ error: 'page 必须是 1 到 2147483647 之间的整数' })
    .int('page 必须是 1 到 2147483647 之间的整数')
    .min(1, 'page 必须是 1 到 2147483647 之间的整数')
    .max(INT4_MAX, 'page 必须是 1 到 2147483647 之间的整数')
    .default(1),
  pageSize: z.coerce
    .number({ error: 'pageSize 必须是 1 到 100 之间的整数' })
    .int('pageSize 必须是 1 到 100 之间的整数')
    .min(1, 'pageSize 必须是 1 到 100 之间的整数')
    .max(PAGE_SIZE_MAX, 'pageSize 必须是 1 到 100 之间的整数')
    .default(PAGE_SIZE_DEFAULT),
});
export type PaginationQuery = z.infer<typeof paginationQuery>;

/** `data` of a list endpoint. */
export function paged<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}
export interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}
