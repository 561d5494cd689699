/**
 * `GET /api/v1/knowledge-points?stageId&subjectId`: the knowledge-point tree with question counts,
 * for picking homework questions (same cache entry as the cloud question bank).
 */
import { ApiPaths, type KnowledgePointNode } from '@eav/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

export interface KnowledgePointParams {
  stageId?: string;
  subjectId?: string;
}

export function getKnowledgePoints(params: KnowledgePointParams): Promise<KnowledgePointNode[]> {
  return apiGet<KnowledgePointNode[]>(ApiPaths.knowledgePoints, params, { silent: true });
}

export const knowledgePointsQueryOptions = (params: KnowledgePointParams) =>
  queryOptions({
    queryKey: ['knowledge-points', params],
    queryFn: () => getKnowledgePoints(params),
    staleTime: 10 * 60_000,
  });

export function useKnowledgePoints(params: KnowledgePointParams) {
  return useQuery(knowledgePointsQueryOptions(params));
}
