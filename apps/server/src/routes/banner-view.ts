/**
 * How a stored banner is shown to operators and kept in the audit log (docs/console-content.md,
 * Banners): shared by the banner routes (`banner.ts`) and their order and export calls
 * (`banner-console.ts`).
 */
import type { AdminBanner } from '@eav/contract';
import type { banner } from '../db/schema';
import type { AuditJson } from '../lib/operator-audit';

export type BannerRow = typeof banner.$inferSelect;

/** A banner row as the console's `adminBanner` (ISO instants). */
export function adminView(row: BannerRow): AdminBanner {
  return {
    id: row.id,
    title: row.title,
    subtitle: row.subtitle,
    image: row.image,
    link: row.link,
    sortOrder: row.sortOrder,
    active: row.active,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What the audit keeps of a banner (its operator view without the creation time). */
export function auditView(row: BannerRow): Record<string, AuditJson> {
  const { createdAt: _createdAt, ...rest } = adminView(row);
  return rest;
}
