/**
 * What the preview pages show for `?id=`: the resource (404 → not found), then either the access
 * rule's answer (log in / activate the textbook) or a short-lived preview URL of the file.
 */
import type { ResourceDetail, ResourceUrlGrant } from '@eav/contract';
import { ApiError } from '@/lib/api-client';
import { useResource } from '../../api/get-resource';
import { usePreviewUrl } from '../../api/get-resource-url';

export type PreviewState =
  | { kind: 'invalid' }
  | { kind: 'loading' }
  | { kind: 'not-found' }
  | { kind: 'error'; error: unknown; retry(): void }
  | { kind: 'gate'; resource: ResourceDetail; need: 'login' | 'activation' | null }
  | { kind: 'ready'; resource: ResourceDetail; grant: ResourceUrlGrant };

export function parseResourceId(raw: string | null): number | undefined {
  if (!raw || !/^\d{1,9}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n > 0 ? n : undefined;
}

export function usePreview(id: number | undefined): PreviewState {
  const resource = useResource(id);
  const canAccess = !!resource.data?.canAccess;
  const grant = usePreviewUrl(id, canAccess);
  if (id === undefined) return { kind: 'invalid' };
  if (resource.error instanceof ApiError && resource.error.status === 404) return { kind: 'not-found' };
  if (resource.isError) return { kind: 'error', error: resource.error, retry: () => void resource.refetch() };
  if (!resource.data) return { kind: 'loading' };
  if (!resource.data.canAccess) return { kind: 'gate', resource: resource.data, need: resource.data.need };
  if (grant.error instanceof ApiError && (grant.error.status === 401 || grant.error.status === 403))
    return { kind: 'gate', resource: resource.data, need: 'login' };
  if (grant.isError) return { kind: 'error', error: grant.error, retry: () => void grant.refetch() };
  if (!grant.data) return { kind: 'loading' };
  return { kind: 'ready', resource: resource.data, grant: grant.data };
}
