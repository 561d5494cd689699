/** `GET /api/v1/publishing/announcements?page&pageSize`: published 出版动态, newest first. */
import { ApiPaths, type AnnouncementListItem, type Paged } from '@eav/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

/** Announcements per page of the list. */
export const ANNOUNCEMENTS_PAGE_SIZE = 5;

export const getAnnouncements = (page: number, pageSize = ANNOUNCEMENTS_PAGE_SIZE) =>
  apiGet<Paged<AnnouncementListItem>>(ApiPaths.publishingAnnouncements, { page, pageSize }, { silent: true });

export const announcementsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['publishing', 'announcements', page],
    queryFn: () => getAnnouncements(page),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

export function useAnnouncements(page: number) {
  return useQuery(announcementsQueryOptions(page));
}
