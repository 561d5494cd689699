/** `GET /api/v1/training/courses/{id}/quiz` (enrolled): the closing quiz without answers. */
import { ApiPaths, type TrainingQuiz } from '@eav/contract';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { trainingKeys } from './keys';

export function getQuiz(id: number): Promise<TrainingQuiz> {
  return apiGet<TrainingQuiz>(ApiPaths.trainingQuiz(id), undefined, { silent: true });
}

export function useQuiz(id: number, enabled: boolean) {
  return useQuery({ queryKey: trainingKeys.quiz(id), queryFn: () => getQuiz(id), enabled });
}
