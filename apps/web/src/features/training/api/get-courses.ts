/** `GET /api/v1/training/courses`: published courses, filtered by 学段 and 学科 (public). */
import { ApiPaths, type Paged, type TrainingCourseCard } from '@eav/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { trainingKeys } from './keys';

export interface CourseFilters {
  stageId?: number | undefined;
  subjectId?: number | undefined;
  page: number;
  pageSize: number;
}

export function getCourses(params: CourseFilters): Promise<Paged<TrainingCourseCard>> {
  return apiGet<Paged<TrainingCourseCard>>(ApiPaths.trainingCourses, params, { silent: true });
}

export const coursesQueryOptions = (params: CourseFilters) =>
  queryOptions({
    queryKey: trainingKeys.courses(params),
    queryFn: () => getCourses(params),
    placeholderData: keepPreviousData,
  });

export function useCourses(params: CourseFilters) {
  return useQuery(coursesQueryOptions(params));
}
