import { describe, expect, it } from 'vitest';
import { api, useTestApp } from './helpers';

const t = useTestApp();

describe('foundation', () => {
  it('answers /healthz and /readyz with the engine', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json().database).toMatch(/pglite|postgres/);
  });

  it('lists seeded dictionaries in curriculum order', async () => {
    const res = await api(t.app, { url: '/api/v1/dictionary/stage' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(200);
    expect(body.data.map((d: { name: string }) => d.name)).toEqual(['小学', '初中', '高中']);
  });
});
