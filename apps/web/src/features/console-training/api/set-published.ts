/** `PUT /api/v1/admin/training/courses/{id}/published`: publish a course or take it down. */
import { ApiPaths, type AdminTrainingCourseRow } from '@eav/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPut } from '@/lib/api-client';
import { TRAINING_KEY } from './get-courses';

export const setCoursePublished = ({ id, published }: { id: number; published: boolean }) =>
  apiPut<AdminTrainingCourseRow>(ApiPaths.adminTrainingCoursePublished(id), { published }, { silent: true });

export function useSetCoursePublished() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: setCoursePublished,
    onSuccess: () => qc.invalidateQueries({ queryKey: TRAINING_KEY }),
  });
}
