/** `GET /api/v1/admin/publishing/announcements`: drafts first, then the newest publications, paged. */
import { ApiPaths, type AdminAnnouncementRow, type AdminAnnouncementsQuery, type Paged } from '@eav/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { ANNOUNCEMENTS_KEY } from './keys';

export const getAnnouncements = (q: AdminAnnouncementsQuery) =>
  apiGet<Paged<AdminAnnouncementRow>>(ApiPaths.adminPublishingAnnouncements, q, { silent: true });

export const announcementsQueryOptions = (q: AdminAnnouncementsQuery) =>
  queryOptions({
    queryKey: [...ANNOUNCEMENTS_KEY, 'list', q],
    queryFn: () => getAnnouncements(q),
    placeholderData: keepPreviousData,
  });

export function useAnnouncements(q: AdminAnnouncementsQuery) {
  return useQuery(announcementsQueryOptions(q));
}
