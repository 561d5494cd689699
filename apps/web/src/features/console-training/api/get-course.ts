/** `GET /api/v1/admin/training/courses/{id}`: a saved course as its definition, for the edit drawer. */
import { ApiPaths, type AdminTrainingCourseDetail } from '@eav/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { TRAINING_KEY } from './get-courses';

export const getCourse = (id: number) =>
  apiGet<AdminTrainingCourseDetail>(ApiPaths.adminTrainingCourse(id), undefined, { silent: true });

export const courseQueryOptions = (id: number) =>
  queryOptions({ queryKey: [...TRAINING_KEY, 'course', id], queryFn: () => getCourse(id), staleTime: 0 });

/** The course `id`; idle while `id` is null (a new course). */
export function useCourse(id: number | null) {
  return useQuery({ ...courseQueryOptions(id ?? 0), enabled: id !== null });
}
