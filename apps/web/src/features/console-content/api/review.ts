/**
 * Resource review: the queue `GET /api/v1/admin/resources?status=`, the decision
 * `POST /api/v1/admin/resources/{id}/review` and a preview link
 * `GET /api/v1/downloadResource/{id}/url?purpose=preview` (administrators may open pending files).
 */
import {
  ApiPaths,
  type MyResourceUpload,
  type Paged,
  type ResourceReviewBody,
  type ResourceStatus,
  type ResourceUrlGrant,
} from '@eav/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '@/lib/api-client';

export interface ReviewQuery {
  page: number;
  pageSize: number;
  status?: ResourceStatus | undefined;
}

const KEY = ['console-content', 'review'] as const;

export const getReviewQueue = (q: ReviewQuery) =>
  apiGet<Paged<MyResourceUpload>>(ApiPaths.adminResources, q, { silent: true });

export const reviewQueueQueryOptions = (q: ReviewQuery) =>
  queryOptions({ queryKey: [...KEY, q], queryFn: () => getReviewQueue(q), placeholderData: keepPreviousData });

export function useReviewQueue(q: ReviewQuery) {
  return useQuery(reviewQueueQueryOptions(q));
}

export const reviewResource = (id: number, body: ResourceReviewBody) =>
  apiPost<MyResourceUpload>(ApiPaths.adminResourceReview(id), body);

export function useReviewResource() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ResourceReviewBody }) => reviewResource(id, body),
    onSuccess: () => void qc.invalidateQueries({ queryKey: KEY }),
  });
}

export const getPreviewUrl = (id: number) => apiGet<ResourceUrlGrant>(ApiPaths.resourceUrl(id), { purpose: 'preview' });
