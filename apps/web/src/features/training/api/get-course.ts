/** `GET /api/v1/training/courses/{id}`: a course with modules, lessons and documents, and the caller's own state. */
import { ApiPaths, type TrainingCourseDetail } from '@eav/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { trainingKeys } from './keys';

export function getCourse(id: number): Promise<TrainingCourseDetail> {
  return apiGet<TrainingCourseDetail>(ApiPaths.trainingCourse(id), undefined, { silent: true });
}

export const courseQueryOptions = (id: number, userId: number) =>
  queryOptions({ queryKey: trainingKeys.course(id, userId), queryFn: () => getCourse(id) });

export function useCourse(id: number, userId: number) {
  return useQuery({ ...courseQueryOptions(id, userId), enabled: id > 0 });
}
