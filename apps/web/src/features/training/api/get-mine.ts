/** `GET /api/v1/training/mine`: 我的研修, the caller's enrolments with progress. */
import { ApiPaths, type TrainingMineItem } from '@eav/contract';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { trainingKeys } from './keys';

export function getMine(): Promise<TrainingMineItem[]> {
  return apiGet<TrainingMineItem[]>(ApiPaths.trainingMine, undefined, { silent: true });
}

export function useMine(enabled: boolean) {
  return useQuery({ queryKey: trainingKeys.mine(), queryFn: getMine, enabled });
}
