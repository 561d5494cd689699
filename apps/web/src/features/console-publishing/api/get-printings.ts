/** `GET /api/v1/admin/publishing/printings`: printings of every book (or one), paged. */
import { ApiPaths, type AdminPrintingRow, type AdminPrintingsQuery, type Paged } from '@eav/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { PRINTINGS_KEY } from './keys';

export const getPrintings = (q: AdminPrintingsQuery) =>
  apiGet<Paged<AdminPrintingRow>>(ApiPaths.adminPublishingPrintings, q, { silent: true });

export const printingsQueryOptions = (q: AdminPrintingsQuery) =>
  queryOptions({ queryKey: [...PRINTINGS_KEY, q], queryFn: () => getPrintings(q), placeholderData: keepPreviousData });

export function usePrintings(q: AdminPrintingsQuery) {
  return useQuery(printingsQueryOptions(q));
}
