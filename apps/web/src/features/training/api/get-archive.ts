/** `GET /api/v1/training/archive`: 研修档案, hours per school year. */
import { ApiPaths, type TrainingArchive } from '@eav/contract';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { trainingKeys } from './keys';

export function getArchive(): Promise<TrainingArchive> {
  return apiGet<TrainingArchive>(ApiPaths.trainingArchive, undefined, { silent: true });
}

export function useArchive(enabled: boolean) {
  return useQuery({ queryKey: trainingKeys.archive(), queryFn: getArchive, enabled });
}
