/** `POST /api/v1/admin/training/courses`: create or update a course by its code. */
import { ApiPaths, type TrainingAdminCourse, type TrainingCourseDefinition } from '@eav/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { TRAINING_KEY } from './get-courses';

export const saveCourse = (def: TrainingCourseDefinition) =>
  apiPost<TrainingAdminCourse>(ApiPaths.adminTrainingCourses, def, { silent: true });

export function useSaveCourse() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveCourse, onSuccess: () => qc.invalidateQueries({ queryKey: TRAINING_KEY }) });
}
