/**
 * `GET /api/v1/downloadResource/{id}`: a resource with what the current user may do with it
 * (`canAccess`, `need`, `accessHint`) and whether it is among the user's favourites.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiPaths, type ResourceDetail } from '@eav/contract';
import { apiGet } from '@/lib/api-client';
import { useSession } from '@/stores/session';

export function getResource(id: number): Promise<ResourceDetail> {
  return apiGet<ResourceDetail>(ApiPaths.resource(id), undefined, { silent: true });
}

/** The answer depends on who asks (access, favourite), so the user is part of the key. */
export const resourceQueryOptions = (id: number, userId: number | null) =>
  queryOptions({ queryKey: ['resources', 'detail', id, userId], queryFn: () => getResource(id) });

export function useResource(id: number | undefined) {
  const userId = useSession((s) => s.user?.userId ?? null);
  return useQuery({ ...resourceQueryOptions(id ?? 0, userId), enabled: id !== undefined });
}
