/** `GET /api/v1/publishing/announcements/{id}`: one published announcement (Markdown body). */
import { ApiPaths, type AnnouncementDetail } from '@eav/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

export const getAnnouncement = (id: number) =>
  apiGet<AnnouncementDetail>(ApiPaths.publishingAnnouncement(id), undefined, { silent: true });

export const announcementQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['publishing', 'announcement', id], queryFn: () => getAnnouncement(id), staleTime: 30_000 });

/** Announcement `id` (disabled while `id` is not a valid id). */
export function useAnnouncement(id: number | undefined) {
  return useQuery({ ...announcementQueryOptions(id ?? 0), enabled: !!id && id > 0 });
}
