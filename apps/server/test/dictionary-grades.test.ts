/** `GET /api/v1/dictionary/grade?stageId=`: the grades of one stage (the profile form's 学段 → 年级 picker). */
import { describe, expect, it } from 'vitest';
import { api, useTestApp } from './helpers';

const t = useTestApp();

const names = (res: { json(): { data: { id: number; name: string }[] } }) => res.json().data.map((d) => d.name);

describe('dictionary grades by stage', () => {
  it("lists every grade without a stage and only that stage's grades with one", async () => {
    const all = await api(t.app, { url: '/api/v1/dictionary/grade' });
    expect(all.statusCode).toBe(200);
    expect(names(all)).toHaveLength(12);

    const stages = (await api(t.app, { url: '/api/v1/dictionary/stage' })).json().data as {
      id: number;
      name: string;
    }[];
    const junior = stages.find((s) => s.name === '初中')!;
    const res = await api(t.app, { url: '/api/v1/dictionary/grade', query: { stageId: String(junior.id) } });
    expect(res.statusCode).toBe(200);
    expect(names(res)).toEqual(['七年级', '八年级', '九年级']);
  });

  it('refuses a stage id that is not a positive integer', async () => {
    const res = await api(t.app, { url: '/api/v1/dictionary/grade', query: { stageId: 'abc' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('学段 id');
  });
});
