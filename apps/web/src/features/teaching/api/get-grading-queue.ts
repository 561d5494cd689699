/** `GET /api/v1/teaching/grading-queue` (teacher): submitted work with open answers to grade, oldest first. */
import { ApiPaths, type GradingQueue } from '@eav/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { teachingKeys } from './keys';

export function getGradingQueue(): Promise<GradingQueue> {
  return apiGet<GradingQueue>(ApiPaths.teachingGradingQueue, undefined, { silent: true });
}

export const gradingQueueQueryOptions = () =>
  queryOptions({ queryKey: teachingKeys.gradingQueue(), queryFn: getGradingQueue });

export function useGradingQueue(enabled = true) {
  return useQuery({ ...gradingQueueQueryOptions(), enabled });
}
