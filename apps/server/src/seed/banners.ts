/**
 * Home carousel banners. The images are designed SVGs shipped with the web app
 * (apps/web/public/banners). Seeded only when the table is empty, so operators' edits stay.
 * Links are in-app paths, as the banner schema's `safeLink` requires of operators' banners.
 */
import { count } from 'drizzle-orm';
import type { Db } from '../db/client';
import { banner } from '../db/schema';

export const DEMO_BANNERS = [
  {
    title: '数字教材 随时随地',
    subtitle: '覆盖小学、初中、高中主要学科版本，在线阅读、激活即用',
    image: '/banners/digital-textbooks.svg',
    link: '/digitalBook',
    sortOrder: 10,
  },
  {
    title: '同步资源 精准备课',
    subtitle: '按章节目录组织的课件、教案、微课与试卷',
    image: '/banners/sync-resources.svg',
    link: '/digitalResources/syncMaterial',
    sortOrder: 20,
  },
  {
    title: '网络学习 名师课堂',
    subtitle: '与教材章节同步的音视频课程',
    image: '/banners/network-learning.svg',
    link: '/videoResource',
    sortOrder: 30,
  },
  {
    title: '教师研修 共同成长',
    subtitle: '面向全省教师的培训课程与教研活动',
    image: '/banners/teacher-training.svg',
    link: '/teachersTraining',
    sortOrder: 40,
  },
];

export async function seedBanners(db: Db): Promise<void> {
  const [row] = await db.select({ n: count() }).from(banner);
  if ((row?.n ?? 0) > 0) return;
  await db.insert(banner).values(DEMO_BANNERS);
}
