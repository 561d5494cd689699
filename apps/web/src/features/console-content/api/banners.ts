/**
 * Operators' banner calls: `GET/POST /api/v1/admin/banners`, `PUT/DELETE /api/v1/admin/banners/{id}`,
 * the display order `POST /api/v1/admin/banners/reorder` and the picture upload
 * `POST /api/v1/admin/banner-images` (an image already cropped in the browser; the server fits it
 * to 1920 × 400 again and re-encodes it to WebP).
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

export const reorderBanners = (ids: number[]) => apiPost<AdminBanner[]>(ApiPaths.adminBannersReorder, { ids });

/** Uploads a picture (the browser's crop, as a PNG file). */
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

/**
 * Sends the whole list in its new order; the answer (the list as stored) replaces the cached one.
 * When the list changed meanwhile the server answers 409 and the list is fetched again.
 */
export function useReorderBanners() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => reorderBanners(ids),
    onSuccess: (rows) => qc.setQueryData(KEY, rows),
    onError: () => void qc.invalidateQueries({ queryKey: KEY }),
  });
}

export function useUploadBannerImage() {
  return useMutation({ mutationFn: (file: File) => uploadBannerImage(file) });
}
