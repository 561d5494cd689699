/** `GET /api/v1/admin/training/courses`: the course table (drafts too) with enrolment and pass counts. */
import { ApiPaths, type AdminTrainingCourseRow, type AdminTrainingCoursesQuery, type Paged } from '@eav/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

/** Query keys of this section start with this; writes invalidate it. */
export const TRAINING_KEY = ['console-training'] as const;

export const getCourses = (q: AdminTrainingCoursesQuery) =>
  apiGet<Paged<AdminTrainingCourseRow>>(ApiPaths.adminTrainingCourses, q, { silent: true });

export const coursesQueryOptions = (q: AdminTrainingCoursesQuery) =>
  queryOptions({
    queryKey: [...TRAINING_KEY, 'courses', q],
    queryFn: () => getCourses(q),
    placeholderData: keepPreviousData,
  });

export function useCourses(q: AdminTrainingCoursesQuery) {
  return useQuery(coursesQueryOptions(q));
}
