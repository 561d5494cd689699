/**
 * `GET /api/v1/downloadResource/{id}/url?purpose=preview|download`: a short-lived signed URL of the
 * file (login required, access rule enforced; counted once per user per day as a view or a download).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiPaths, type ResourceUrlGrant } from '@eav/contract';
import { apiGet } from '@/lib/api-client';
import { useSession } from '@/stores/session';

export type ResourceUrlPurpose = 'preview' | 'download';

export function getResourceUrl(id: number, purpose: ResourceUrlPurpose): Promise<ResourceUrlGrant> {
  return apiGet<ResourceUrlGrant>(ApiPaths.resourceUrl(id), { purpose }, { silent: true });
}

/** The preview's grant: fetched once per visit (the file keeps loading with it), never cached across users. */
export const previewUrlQueryOptions = (id: number, userId: number | null) =>
  queryOptions({
    queryKey: ['resources', 'url', 'preview', id, userId],
    queryFn: () => getResourceUrl(id, 'preview'),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });

export function usePreviewUrl(id: number | undefined, enabled: boolean) {
  const userId = useSession((s) => s.user?.userId ?? null);
  return useQuery({ ...previewUrlQueryOptions(id ?? 0, userId), enabled: enabled && id !== undefined });
}
