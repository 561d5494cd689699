/**
 * Operators' banner calls: `GET/POST /api/v1/admin/banners`, `PUT/DELETE /api/v1/admin/banners/{id}`
 * and the picture upload `POST /api/v1/admin/banner-images` (cropped to 1920 × 400, WebP).
 */
import {
  ApiPaths,
  type AdminBanner,
  type BannerCreateBody,
  type BannerUpdateBody,
  type ConsoleImage,
} from '@eav/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPost, apiPut } from '@/lib/api-client';

const KEY = ['console-content', 'banners'] as const;

export const getAdminBanners = () => apiGet<AdminBanner[]>(ApiPaths.adminBanners, undefined, { silent: true });

export const adminBannersQueryOptions = () => queryOptions({ queryKey: KEY, queryFn: getAdminBanners });

export function useAdminBanners() {
  return useQuery(adminBannersQueryOptions());
}

export const createBanner = (body: BannerCreateBody) => apiPost<AdminBanner>(ApiPaths.adminBanners, body);
export const updateBanner = (id: number, body: BannerUpdateBody) => apiPut<AdminBanner>(ApiPaths.adminBanner(id), body);
export const deleteBanner = (id: number) => apiDelete<null>(ApiPaths.adminBanner(id));

export function uploadBannerImage(file: File): Promise<ConsoleImage> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiPost<ConsoleImage>(ApiPaths.adminBannerImages, form, { timeout: 120_000 });
}

/** Create (no id) or update a banner; the list is fetched again afterwards. */
export function useSaveBanner() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: BannerCreateBody }) =>
      id === null ? createBanner(body) : updateBanner(id, body),
    onSuccess: () => void qc.invalidateQueries({ queryKey: KEY }),
  });
}

export function useDeleteBanner() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteBanner, onSuccess: () => void qc.invalidateQueries({ queryKey: KEY }) });
}

export function useUploadBannerImage() {
  return useMutation({ mutationFn: uploadBannerImage });
}
