/**
 * Links that reach `href` or `window.open` from data are `https://` URLs or in-app paths only
 * (schemas/common.ts `safeLink`): banner links and images through the operators' banner calls, and
 * the teaching back-office address an operator grants. The public banner list never serves an
 * unsafe link, whatever the table holds.
 */
import { ApiPaths, isSafeLink, SAFE_LINK_MESSAGE } from '@eav/contract';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { banner } from '../src/db/schema';
import { DEMO_BANNERS } from '../src/seed/banners';
import { api, useTestApp } from './helpers';
import { createUser, type TestUser } from './textbooks-helpers';

const t = useTestApp();

const UNSAFE = [
  'javascript:alert(1)',
  'JavaScript:alert(document.cookie)',
  ' javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'http://example.edu.cn/',
  '//evil.example/',
  '/\\evil.example/',
  '/\t/evil.example/',
  'https:evil.example',
  'https://user:pass@evil.example/',
  'digitalBook',
  '#/digitalBook',
];

let admin: TestUser;
beforeEach(async () => {
  admin = await createUser(t.app.db, ['admin']);
});

const validBanner = { title: '新学期 数字教材上线', image: '/banners/digital-textbooks.svg', link: '/digitalBook' };

async function createBanner(body: Record<string, unknown>, token = admin.token) {
  return api(t.app, { method: 'POST', url: ApiPaths.adminBanners, token, body });
}

describe('operators’ banner calls', () => {
  it.each(UNSAFE)('refuses the link %j with a clear message', async (link) => {
    const res = await createBanner({ ...validBanner, link });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain(SAFE_LINK_MESSAGE);
    expect(res.json().msg).toMatch(/link/);
  });

  it.each(['javascript:alert(1)', 'data:image/svg+xml,<svg onload=alert(1)>', 'http://cdn.example/a.png'])(
    'refuses the image %j',
    async (image) => {
      const res = await createBanner({ ...validBanner, image });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toContain(SAFE_LINK_MESSAGE);
    },
  );

  it('creates, lists, updates and deletes a banner with safe links', async () => {
    const created = await createBanner({ ...validBanner, link: 'https://www.example.edu.cn/news?id=1', sortOrder: 5 });
    expect(created.statusCode, created.body).toBe(200);
    const b = created.json().data;
    expect(b).toMatchObject({ title: validBanner.title, link: 'https://www.example.edu.cn/news?id=1', active: true });

    const list = await api(t.app, { url: ApiPaths.adminBanners, token: admin.token });
    expect(list.json().data.map((x: { id: number }) => x.id)).toContain(b.id);

    const unsafe = await api(t.app, {
      method: 'PUT',
      url: ApiPaths.adminBanner(b.id),
      token: admin.token,
      body: { link: 'javascript:alert(1)' },
    });
    expect(unsafe.statusCode).toBe(400);
    expect(unsafe.json().msg).toContain(SAFE_LINK_MESSAGE);

    const updated = await api(t.app, {
      method: 'PUT',
      url: ApiPaths.adminBanner(b.id),
      token: admin.token,
      body: { link: '/videoResource', title: '网络学习' },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ id: b.id, link: '/videoResource', title: '网络学习' });

    const publicList = await api(t.app, { url: ApiPaths.banner });
    expect(publicList.json().data).toContainEqual(expect.objectContaining({ id: b.id, link: '/videoResource' }));

    const removed = await api(t.app, { method: 'DELETE', url: ApiPaths.adminBanner(b.id), token: admin.token });
    expect(removed.statusCode).toBe(200);
    const again = await api(t.app, { method: 'DELETE', url: ApiPaths.adminBanner(b.id), token: admin.token });
    expect(again.statusCode).toBe(404);
  });

  it('refuses a display window that ends before it starts, also against the stored end', async () => {
    const bad = await createBanner({
      ...validBanner,
      startsAt: '2026-09-02T00:00:00+08:00',
      endsAt: '2026-09-01T00:00:00+08:00',
    });
    expect(bad.statusCode).toBe(400);
    const ok = await createBanner({ ...validBanner, endsAt: '2026-09-01T00:00:00+08:00' });
    const id = ok.json().data.id;
    const res = await api(t.app, {
      method: 'PUT',
      url: ApiPaths.adminBanner(id),
      token: admin.token,
      body: { startsAt: '2026-10-01T00:00:00+08:00' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().msg).toBe('结束时间必须晚于开始时间');
  });

  it('is hidden from students (404 as an unknown path) and asks anonymous callers to log in', async () => {
    const student = await createUser(t.app.db, []);
    const asStudent = await createBanner({ ...validBanner, link: 'javascript:alert(1)' }, student.token);
    expect(asStudent.statusCode).toBe(404);
    const list = await api(t.app, { url: ApiPaths.adminBanners, token: student.token });
    expect(list.statusCode).toBe(404);
    const anonymous = await api(t.app, { url: ApiPaths.adminBanners });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('public banner list', () => {
  it('serves a stored hash route as its in-app path and drops an unsafe link', async () => {
    const [legacy] = await t.app.db
      .insert(banner)
      .values({ title: '旧链接', image: '/banners/a.svg', link: '#/digitalBook', sortOrder: 1 })
      .returning({ id: banner.id });
    const [unsafe] = await t.app.db
      .insert(banner)
      .values({ title: '坏链接', image: '/banners/b.svg', link: 'javascript:alert(1)', sortOrder: 2 })
      .returning({ id: banner.id });
    try {
      const res = await api(t.app, { url: ApiPaths.banner });
      const byId = new Map(res.json().data.map((b: { id: number; link: string | null }) => [b.id, b.link]));
      expect(byId.get(legacy!.id)).toBe('/digitalBook');
      expect(byId.get(unsafe!.id)).toBeNull();
    } finally {
      await t.app.db.delete(banner).where(eq(banner.id, legacy!.id));
      await t.app.db.delete(banner).where(eq(banner.id, unsafe!.id));
    }
  });

  it('seeds banners whose links and images pass the link rule as stored', () => {
    for (const b of DEMO_BANNERS) {
      expect(isSafeLink(b.link), b.link).toBe(true);
      expect(isSafeLink(b.image), b.image).toBe(true);
    }
  });
});

describe('teaching back-office address', () => {
  it.each(['javascript:alert(1)', 'data:text/html,x', 'http://teaching.example.edu.cn/sso'])(
    'an operator cannot grant the address %j',
    async (autoAddress) => {
      const teacher = await createUser(t.app.db, ['teacher']);
      const res = await api(t.app, {
        method: 'POST',
        url: ApiPaths.adminUserPlatforms(teacher.id),
        token: admin.token,
        body: { platformCode: 'xh', autoAddress },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toContain(SAFE_LINK_MESSAGE);
    },
  );

  it('an https address is granted', async () => {
    const teacher = await createUser(t.app.db, ['teacher']);
    const res = await api(t.app, {
      method: 'POST',
      url: ApiPaths.adminUserPlatforms(teacher.id),
      token: admin.token,
      body: { platformCode: 'xh', autoAddress: 'https://teaching.example.edu.cn/sso' },
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});
