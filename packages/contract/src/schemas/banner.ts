/**
 * Home carousel banners: the public list (`GET /prize/api/v1/banner`) and the operators' calls
 * under `/api/v1/admin/banners`. `link` and `image` reach `href`, `window.open` and `<img src>`,
 * so they are `https://` URLs or in-app paths only (`safeLink`).
 */
import { z } from 'zod';
import { INT4_MAX, idParam, jsonInt, plainText, safeLink } from './common';

/** Home carousel banner (`GET /prize/api/v1/banner`). `image` is a URL the browser can load. */
export const banner = z.object({
  id: z.number().int(),
  title: z.string(),
  subtitle: z.string().nullable(),
  image: z.string(),
  link: z.string().nullable(),
  sortOrder: z.number().int(),
});
export type Banner = z.infer<typeof banner>;

/** A banner as operators see it: with its state and display window (ISO instants). */
export const adminBanner = banner.extend({
  active: z.boolean(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminBanner = z.infer<typeof adminBanner>;

/** `{id}` of `/api/v1/admin/banners/{id}`. */
export const bannerIdParams = z.object({ id: idParam });

const instant = z.iso
  .datetime({ offset: true, error: '时间格式应为 ISO 8601，例如 2026-09-01T00:00:00+08:00' })
  .nullable();

const bannerFields = {
  title: plainText(60, '标题不能超过 60 个字').min(1, '请输入标题'),
  subtitle: plainText(120, '副标题不能超过 120 个字').nullable(),
  image: safeLink,
  link: safeLink.nullable(),
  sortOrder: jsonInt(0, INT4_MAX, `排序值必须是 0 到 ${INT4_MAX} 之间的整数`),
  active: z.boolean({ error: 'active 必须是 true 或 false' }),
  startsAt: instant,
  endsAt: instant,
};

const windowInOrder = (b: { startsAt?: string | null; endsAt?: string | null }) =>
  !b.startsAt || !b.endsAt || Date.parse(b.startsAt) < Date.parse(b.endsAt);
const windowMessage = { message: '结束时间必须晚于开始时间', path: ['endsAt'] };

/** `POST /api/v1/admin/banners`: title and image required; the rest has defaults. */
export const bannerCreateBody = z
  .object({
    ...bannerFields,
    subtitle: bannerFields.subtitle.default(null),
    link: bannerFields.link.default(null),
    sortOrder: bannerFields.sortOrder.default(0),
    active: bannerFields.active.default(true),
    startsAt: bannerFields.startsAt.default(null),
    endsAt: bannerFields.endsAt.default(null),
  })
  .refine(windowInOrder, windowMessage);
export type BannerCreateBody = z.input<typeof bannerCreateBody>;

/**
 * `PUT /api/v1/admin/banners/{id}`: the fields to change (at least one). The display window is
 * checked against the stored one on the server.
 */
export const bannerUpdateBody = z
  .object(bannerFields)
  .partial()
  .refine((b) => Object.values(b).some((v) => v !== undefined), '请至少修改一项')
  .refine(windowInOrder, windowMessage);
export type BannerUpdateBody = z.input<typeof bannerUpdateBody>;

/**
 * The carousel's picture box (px): the ratio of the designed banners. The console crops to it in the
 * browser and the server fits uploads to it again (docs/console-content.md, Banners).
 */
export const BANNER_IMAGE_SIZE = { width: 1920, height: 400 } as const;

/** Most banners one reorder call names (the console lists every banner on one page). */
export const BANNER_REORDER_MAX = 500;

/**
 * `POST /api/v1/admin/banners/reorder`: every banner's id in the new display order. The server
 * refuses a list that is not exactly the stored banners (409), so a stale page cannot drop one.
 */
export const bannerReorderBody = z.object({
  ids: z
    .array(jsonInt(1, INT4_MAX, '轮播图编号必须是正整数'), { error: 'ids 必须是轮播图编号的列表' })
    .min(1, '请给出轮播图的顺序')
    .max(BANNER_REORDER_MAX, `一次最多排序 ${BANNER_REORDER_MAX} 张轮播图`)
    .refine((ids) => new Set(ids).size === ids.length, '轮播图编号不能重复'),
});
export type BannerReorderBody = z.input<typeof bannerReorderBody>;

/** A banner's display state as the console shows it (active, and inside or outside its window). */
export const BANNER_STATES = ['showing', 'upcoming', 'ended', 'inactive'] as const;
export type BannerState = (typeof BANNER_STATES)[number];
/** Chinese labels of the banner states. */
export const BANNER_STATE_LABELS: Record<BannerState, string> = {
  showing: '展示中',
  upcoming: '未开始',
  ended: '已结束',
  inactive: '已停用',
};

/** The state of a banner at `now` (ms). */
export function bannerStateAt(
  b: { active: boolean; startsAt: string | null; endsAt: string | null },
  now: number,
): BannerState {
  if (!b.active) return 'inactive';
  if (b.startsAt && Date.parse(b.startsAt) > now) return 'upcoming';
  if (b.endsAt && Date.parse(b.endsAt) <= now) return 'ended';
  return 'showing';
}

/** `GET /api/v1/admin/banners/export?format=&state=`: the list's state filter. */
export const bannerExportQuery = z.object({
  state: z.enum(BANNER_STATES, { error: '状态只能是 showing、upcoming、ended 或 inactive' }).optional(),
});
