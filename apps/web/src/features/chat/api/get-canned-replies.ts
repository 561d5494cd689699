/** `GET /api/v1/admin/chat/canned`: the agents' canned replies (快捷回复). */
import { ApiPaths, type CannedReply } from '@eav/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

export const getCannedReplies = () => apiGet<CannedReply[]>(ApiPaths.adminChatCanned, undefined, { silent: true });

export const cannedRepliesQueryOptions = () =>
  queryOptions({ queryKey: ['chat', 'canned'], queryFn: getCannedReplies, staleTime: 5 * 60_000 });

export function useCannedReplies() {
  return useQuery(cannedRepliesQueryOptions());
}
