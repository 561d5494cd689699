/**
 * Resource search (docs/resources.md, Search): filters, a chapter filter that includes the
 * chapter's descendants, keyword, sort, pagination, facets counted by the catalogue's rule, only
 * published resources listed, chapter counts and the nearest chapter with resources.
 */
import { ApiPaths, type ResourceFacets, type ResourceListItem } from '@eav/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from './helpers';
import { addResource, seedCatalogue, useResourcesApp, type Catalogue } from './resources-helpers';

const { t, storage } = useResourcesApp();
let c: Catalogue;
const ids: Record<string, number> = {};

beforeAll(async () => {
  const db = t.database.db;
  c = await seedCatalogue(db);
  const day = (n: number) => new Date(Date.UTC(2026, 0, n));
  ids.ppt1a = await addResource(db, storage, {
    title: '正数和负数 课件',
    textbookId: c.maths7,
    chapterId: c.ch.ch1a,
    type: 'courseware',
    createdAt: day(1),
    downloads: 5,
  });
  ids.plan1b = await addResource(db, storage, {
    title: '有理数 教案',
    textbookId: c.maths7,
    chapterId: c.ch.ch1b,
    type: 'lesson_plan',
    format: 'docx',
    createdAt: day(2),
    downloads: 50,
  });
  ids.ex1 = await addResource(db, storage, {
    title: '第一章 有理数 同步练习',
    textbookId: c.maths7,
    chapterId: c.ch.ch1,
    type: 'exercise',
    createdAt: day(3),
  });
  ids.ex2a = await addResource(db, storage, {
    title: '整式 同步练习',
    textbookId: c.maths7,
    chapterId: c.ch.ch2a,
    type: 'exercise',
    createdAt: day(4),
    downloads: 7,
  });
  ids.chinese = await addResource(db, storage, {
    title: '春 朗读音频',
    textbookId: c.chinese7,
    type: 'audio',
    format: 'mp3',
    access: 'activation',
    createdAt: day(5),
  });
  ids.physics = await addResource(db, storage, {
    title: '运动的描述 课件',
    textbookId: c.physics,
    type: 'courseware',
    createdAt: day(6),
  });
  ids.pending = await addResource(db, storage, {
    title: '待审 有理数 学案',
    textbookId: c.maths7,
    chapterId: c.ch.ch1a,
    type: 'study_guide',
    status: 'pending',
    createdAt: day(7),
  });
  ids.rejected = await addResource(db, storage, {
    title: '不通过 有理数',
    textbookId: c.maths7,
    chapterId: c.ch.ch1a,
    status: 'rejected',
    createdAt: day(8),
  });
});

async function search(query: Record<string, string | number> = {}) {
  const res = await api(t.app, { url: ApiPaths.resourceSearch, query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { items: ResourceListItem[]; total: number; page: number; pageSize: number };
}

async function facets(query: Record<string, string | number> = {}) {
  const res = await api(t.app, { url: ApiPaths.resourceFacets, query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as ResourceFacets;
}

describe('resource search', () => {
  it('lists only published resources, newest first, with names of every dimension', async () => {
    const all = await search();
    expect(all.total).toBe(6);
    expect(all.items.map((r) => r.id)).toEqual([ids.physics, ids.chinese, ids.ex2a, ids.ex1, ids.plan1b, ids.ppt1a]);
    const plan = all.items.find((r) => r.id === ids.plan1b)!;
    expect(plan).toMatchObject({
      type: 'lesson_plan',
      format: 'docx',
      previewable: 'docx',
      stage: { name: '初中' },
      subject: { name: '数学' },
      grade: { name: '七年级' },
      edition: { name: '人教版' },
      volume: { name: '上册' },
      textbook: { id: c.maths7 },
      chapter: { id: c.ch.ch1b, title: '1.2 有理数' },
      uploader: null,
    });
    expect(all.items.find((r) => r.id === ids.chinese)!.previewable).toBe('audio');
  });

  it('filters by dictionary ids, textbook, type and format', async () => {
    const maths = await c.dict('数学');
    expect((await search({ subjectId: maths })).total).toBe(4);
    expect((await search({ stageId: await c.dict('高中') })).items.map((r) => r.id)).toEqual([ids.physics]);
    expect((await search({ textbookId: c.chinese7 })).items.map((r) => r.id)).toEqual([ids.chinese]);
    expect((await search({ type: 'exercise' })).items.map((r) => r.id)).toEqual([ids.ex2a, ids.ex1]);
    expect((await search({ format: 'docx' })).items.map((r) => r.id)).toEqual([ids.plan1b]);
    expect((await search({ subjectId: maths, type: 'audio' })).total).toBe(0);
  });

  it('a chapter filter includes the chapters below it', async () => {
    expect((await search({ chapterId: c.ch.ch1 })).items.map((r) => r.id).sort()).toEqual(
      [ids.ppt1a, ids.plan1b, ids.ex1].sort(),
    );
    expect((await search({ chapterId: c.ch.ch1a })).items.map((r) => r.id)).toEqual([ids.ppt1a]);
    expect((await search({ chapterId: c.ch.ch3 })).total).toBe(0);
  });

  it('finds Chinese substrings of titles (or the book title); every word must occur', async () => {
    expect((await search({ keyword: '有理' })).items.map((r) => r.id).sort()).toEqual([ids.plan1b, ids.ex1].sort());
    expect((await search({ keyword: '有理数 练习' })).items.map((r) => r.id)).toEqual([ids.ex1]);
    expect((await search({ keyword: '100%_' })).total).toBe(0);
    // Words may also occur in the textbook's title.
    expect((await search({ keyword: '语文七年级 朗读' })).items.map((r) => r.id)).toEqual([ids.chinese]);
    expect((await search({ keyword: '数学七年级上册 整式' })).items.map((r) => r.id)).toEqual([ids.ex2a]);
  });

  it('sorts by downloads and pages', async () => {
    const top = await search({ sort: 'downloads', pageSize: 2 });
    expect(top.items.map((r) => r.id)).toEqual([ids.plan1b, ids.ex2a]);
    expect(top.total).toBe(6);
    const second = await search({ sort: 'downloads', pageSize: 2, page: 2 });
    expect(second.items.map((r) => r.id)).toEqual([ids.ppt1a, ids.physics]);
    expect(second.page).toBe(2);
    const beyond = await search({ pageSize: 2, page: 100 });
    expect(beyond).toMatchObject({ items: [], total: 6, page: 100 });
  });

  it('refuses bad input with a Chinese 400', async () => {
    for (const query of [
      { type: 'exe' },
      { format: 'exe' },
      { sort: 'random' },
      { pageSize: 1000 },
      { stageId: 'x' },
      { chapterId: '99999999999' },
    ]) {
      const res = await api(t.app, { url: ApiPaths.resourceSearch, query });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().msg).toMatch(/[\u4e00-\u9fa5]/);
    }
  });
});

describe('resource facets', () => {
  it('counts each dimension with the other filters applied', async () => {
    const maths = await c.dict('数学');
    const f = await facets({ subjectId: maths, type: 'exercise' });
    expect(f.total).toBe(2);
    // Subject counts ignore the subject filter but keep the type filter: only maths has exercises.
    expect(f.subject).toEqual([{ id: maths, name: '数学', count: 2 }]);
    // Type counts ignore the type filter but keep the subject filter.
    expect(f.type).toEqual([
      { value: 'courseware', name: '课件', count: 1 },
      { value: 'lesson_plan', name: '教案', count: 1 },
      { value: 'exercise', name: '同步练习', count: 2 },
    ]);
    expect(f.format).toEqual([{ value: 'pdf', name: 'PDF', count: 2 }]);
    expect(f.stage).toEqual([{ id: await c.dict('初中'), name: '初中', count: 2 }]);
  });

  it('every listed value yields a non-empty page (and the counts match the search)', async () => {
    const base = { stageId: await c.dict('初中') };
    const f = await facets(base);
    expect(f.total).toBe((await search(base)).total);
    for (const v of f.subject) expect((await search({ ...base, subjectId: v.id })).total).toBe(v.count);
    for (const v of f.format) expect((await search({ ...base, format: v.value })).total).toBe(v.count);
    expect(f.subject.map((s) => s.name).sort()).toEqual(['数学', '语文'].sort());
  });

  it('applies chapter and keyword filters to every dimension', async () => {
    const f = await facets({ chapterId: c.ch.ch1, keyword: '有理' });
    expect(f.total).toBe(2);
    expect(f.type.map((v) => v.value)).toEqual(['lesson_plan', 'exercise']);
  });
});

describe('chapters of a book', () => {
  it('counts own and descendant resources per chapter', async () => {
    const res = await api(t.app, { url: ApiPaths.resourceChapterCounts, query: { textbookId: c.maths7 } });
    expect(res.statusCode).toBe(200);
    const byId = new Map(
      (res.json().data as { chapterId: number; own: number; total: number }[]).map((r) => [r.chapterId, r]),
    );
    expect(byId.get(c.ch.ch1)).toEqual({ chapterId: c.ch.ch1, own: 1, total: 3 });
    expect(byId.get(c.ch.ch1a)).toMatchObject({ own: 1, total: 1 });
    expect(byId.get(c.ch.ch2)).toMatchObject({ own: 0, total: 1 });
    expect(byId.get(c.ch.ch3)).toMatchObject({ own: 0, total: 0 });
    const missing = await api(t.app, { url: ApiPaths.resourceChapterCounts });
    expect(missing.statusCode).toBe(400);
  });

  it('offers the nearest chapter with resources for a chapter without any', async () => {
    // ch3 (top level, no resources): ch1 and ch2 are siblings two steps away… ch2's own list is
    // empty, so the nearest with resources of its own is ch1 (a sibling), before 2.1 (farther).
    const near3 = (await api(t.app, { url: ApiPaths.resourceNearest, query: { chapterId: c.ch.ch3 } })).json().data;
    expect(near3.chapter).toEqual({ id: c.ch.ch1, title: '第一章 有理数' });
    expect(near3.items.map((r: ResourceListItem) => r.id)).toEqual([ids.ex1]);
    // ch2 has none of its own: its child 2.1 is one step away.
    const near2 = (await api(t.app, { url: ApiPaths.resourceNearest, query: { chapterId: c.ch.ch2 } })).json().data;
    expect(near2.chapter.id).toBe(c.ch.ch2a);
    // With a type: the nearest chapter with a lesson plan.
    const plan = (
      await api(t.app, { url: ApiPaths.resourceNearest, query: { chapterId: c.ch.ch3, type: 'lesson_plan' } })
    ).json().data;
    expect(plan.chapter.id).toBe(c.ch.ch1b);
    expect(plan.items.map((r: ResourceListItem) => r.id)).toEqual([ids.plan1b]);
    const unknown = await api(t.app, { url: ApiPaths.resourceNearest, query: { chapterId: 999999 } });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('detail', () => {
  it('shows a published resource to visitors, hides unpublished ones', async () => {
    const res = await api(t.app, { url: ApiPaths.resource(ids.ppt1a!) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: ids.ppt1a,
      status: 'published',
      favorited: false,
      canAccess: false,
      need: 'login',
    });
    for (const id of [ids.pending!, ids.rejected!, 999999]) {
      const hidden = await api(t.app, { url: ApiPaths.resource(id) });
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json().msg).toBe('资源不存在或已下架');
    }
  });
});

describe('publishers dictionary of the download pages', () => {
  it('lists the publishers with ids the catalogue uses', async () => {
    const res = await api(t.app, { url: ApiPaths.dictPress });
    expect(res.statusCode).toBe(200);
    const list = res.json().data as { id: number; name: string }[];
    expect(list.map((p) => p.name)).toContain('人民教育出版社');
    expect(list.find((p) => p.name === '人民教育出版社')!.id).toBe(await c.dict('人民教育出版社'));
  });
});
