/** `GET /api/v1/admin/publishing/errata`: errata of every book (or one), newest first, paged. */
import { ApiPaths, type AdminErrataQuery, type AdminErratumRow, type Paged } from '@eav/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { ERRATA_KEY } from './keys';

export const getErrata = (q: AdminErrataQuery) =>
  apiGet<Paged<AdminErratumRow>>(ApiPaths.adminPublishingErrata, q, { silent: true });

export const errataQueryOptions = (q: AdminErrataQuery) =>
  queryOptions({ queryKey: [...ERRATA_KEY, q], queryFn: () => getErrata(q), placeholderData: keepPreviousData });

export function useErrata(q: AdminErrataQuery) {
  return useQuery(errataQueryOptions(q));
}
