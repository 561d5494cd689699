/** `DELETE /api/v1/admin/publishing/announcements/{id}`. */
import { ApiPaths } from '@eav/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '@/lib/api-client';
import { ANNOUNCEMENTS_KEY } from './keys';

export const deleteAnnouncement = (id: number) =>
  apiDelete<null>(ApiPaths.adminPublishingAnnouncement(id), { silent: true });

export function useDeleteAnnouncement() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteAnnouncement,
    onSuccess: () => qc.invalidateQueries({ queryKey: ANNOUNCEMENTS_KEY }),
  });
}
