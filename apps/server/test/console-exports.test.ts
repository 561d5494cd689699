/**
 * Exports of the console's content tables (docs/console-content.md, Exports): textbooks, banners,
 * activities and the resource review queue as Excel and CSV files with the tables' filters, read
 * back here with exceljs and a CSV parser; each export is audited (`console_export`) like the
 * users, audit log and code batch exports; roles as the tables'.
 */
import { ApiPaths } from '@eav/contract';
import { and, desc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, textbooks } from '../src/db/schema';
import { LocalDiskStorage } from '../src/lib/storage';
import { importTextbooks } from '../src/features/textbooks/importer';
import { api, testConfig, useTestApp } from './helpers';
import { DAY, definition, T0 } from './prize-helpers';
import { addResource } from './resources-helpers';
import { createUser, type TestUser } from './textbooks-helpers';

const config = testConfig();
const state = { now: T0 };
const t = useTestApp({ config, clock: () => state.now });
let operator: TestUser;
let reviewer: TestUser;
let teacher: TestUser;

const CATALOGUE = [
  '{"externalId":"ex-1","title":"义务教育教科书·数学七年级上册","stage":"初中","subject":"数学","edition":"人教版","grade":"七年级","volume":"上册","access":"public"}',
  '{"externalId":"ex-2","title":"义务教育教科书·数学七年级下册","stage":"初中","subject":"数学","edition":"人教版","grade":"七年级","volume":"下册","access":"activation"}',
  '{"externalId":"ex-3","title":"义务教育教科书·语文七年级上册","stage":"初中","subject":"语文","edition":"统编版","grade":"七年级","volume":"上册","access":"login"}',
].join('\n');

beforeAll(async () => {
  operator = await createUser(t.database.db, ['operator']);
  reviewer = await createUser(t.database.db, ['reviewer']);
  teacher = await createUser(t.database.db, ['teacher']);
  await importTextbooks(t.database.db, CATALOGUE);
});

/** Rows of an RFC 4180 CSV text (BOM and CRLF as the exports write them). */
function parseCsv(text: string): string[][] {
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 1; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  return rows;
}

/** Rows of the first sheet of an .xlsx answer, as text. */
async function parseXlsx(res: LightMyRequestResponse): Promise<string[][]> {
  expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const rows: string[][] = [];
  wb.worksheets[0]!.eachRow((r) => {
    rows.push((r.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v))));
  });
  return rows;
}

const exportOf = (url: string, token: string, query: Record<string, string | number | undefined>) =>
  api(t.app, { url, token, query });

const lastExport = async (target: string) => {
  const [row] = await t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.event, 'console_export'), eq(auditLog.target, target)))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
};

describe('textbook list export', () => {
  it('answers the filtered, sorted list as Excel and CSV, audited', async () => {
    const xlsx = await exportOf(ApiPaths.adminCatalogueTextbooksExport, operator.token, {
      format: 'xlsx',
      q: '数学',
      sort: 'title',
      order: 'desc',
    });
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    expect(xlsx.headers['content-disposition']).toContain('.xlsx');
    const rows = await parseXlsx(xlsx);
    expect(rows[0]).toEqual([
      '编号',
      'externalId',
      '标题',
      '学段',
      '学科',
      '版本',
      '年级',
      '册次',
      '出版社',
      '阅读权限',
      '更新时间',
    ]);
    // 下册 sorts after 上册 in the database's collation only by code point: compare with the list call.
    const listed = await api(t.app, {
      url: ApiPaths.adminCatalogueTextbooks,
      token: operator.token,
      query: { q: '数学', sort: 'title', order: 'desc' },
    });
    const titles = (listed.json().data.items as { title: string }[]).map((b) => b.title);
    expect(titles).toHaveLength(2);
    expect(rows.slice(1).map((r) => r[2])).toEqual(titles);
    const ex2 = rows.find((r) => r[1] === 'ex-2')!;
    expect(ex2.slice(3, 8)).toEqual(['初中', '数学', '人教版', '七年级', '下册']);
    expect(ex2[9]).toBe('激活阅读');

    const csv = await exportOf(ApiPaths.adminCatalogueTextbooksExport, operator.token, {
      format: 'csv',
      access: 'login',
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = parseCsv(csv.body);
    expect(lines).toHaveLength(2);
    expect(lines[1]!.slice(1, 3)).toEqual(['ex-3', '义务教育教科书·语文七年级上册']);

    expect(await lastExport('export:textbooks')).toMatchObject({
      actorId: operator.id,
      result: 'success',
      before: null,
      after: { format: 'csv', rows: 1, filters: { access: 'login', sort: 'id', order: 'asc' } },
    });
  });

  it('refuses bad filters in Chinese and other roles', async () => {
    const bad = await exportOf(ApiPaths.adminCatalogueTextbooksExport, operator.token, { format: 'pdf' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('参数 format 不合法：导出格式只能是 csv 或 xlsx');
    const badAccess = await exportOf(ApiPaths.adminCatalogueTextbooksExport, operator.token, { access: 'all' });
    expect(badAccess.statusCode).toBe(400);
    expect(badAccess.json().msg).toBe('参数 access 不合法：阅读权限无效');
    expect((await exportOf(ApiPaths.adminCatalogueTextbooksExport, reviewer.token, {})).statusCode).toBe(404);
    expect((await api(t.app, { url: ApiPaths.adminCatalogueTextbooksExport })).statusCode).toBe(401);
  });
});

describe('banner export', () => {
  it('answers the list in display order, filtered by state, audited', async () => {
    const make = async (title: string, sortOrder: number, extra: Record<string, unknown> = {}) => {
      const res = await api(t.app, {
        method: 'POST',
        url: ApiPaths.adminBanners,
        token: operator.token,
        body: { title, image: '/banners/digital-textbooks.svg', sortOrder, ...extra },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await make('=HYPERLINK("x")', 3);
    await make('停用的', 1, { active: false });
    await make('明天开始', 2, { startsAt: new Date(state.now + DAY).toISOString() });

    const all = await parseXlsx(await exportOf(ApiPaths.adminBannersExport, operator.token, { format: 'xlsx' }));
    expect(all[0]).toEqual([
      '编号',
      '标题',
      '副标题',
      '图片',
      '链接',
      '排序',
      '状态',
      '开始展示',
      '结束展示',
      '创建时间',
    ]);
    const mine = all.slice(1).filter((r) => ['停用的', '明天开始', `'=HYPERLINK("x")`].includes(r[1]!));
    expect(mine.map((r) => [r[1], r[6]])).toEqual([
      ['停用的', '已停用'],
      ['明天开始', '未开始'],
      // A cell a spreadsheet would run as a formula is kept as text.
      [`'=HYPERLINK("x")`, '展示中'],
    ]);

    const csv = await exportOf(ApiPaths.adminBannersExport, operator.token, { format: 'csv', state: 'inactive' });
    expect(csv.statusCode).toBe(200);
    const lines = parseCsv(csv.body);
    expect(lines.slice(1).map((r) => r[1])).toEqual(['停用的']);
    expect(await lastExport('export:banners')).toMatchObject({
      actorId: operator.id,
      after: { format: 'csv', rows: 1, filters: { state: 'inactive' } },
    });

    const bad = await exportOf(ApiPaths.adminBannersExport, operator.token, { state: 'hidden' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('参数 state 不合法：状态只能是 showing、upcoming、ended 或 inactive');
    expect((await exportOf(ApiPaths.adminBannersExport, reviewer.token, {})).statusCode).toBe(404);
  });
});

describe('activity export', () => {
  it('answers every activity with its state and figures, audited', async () => {
    const def = definition(['ex-1', 'ex-2'], T0 + DAY);
    const created = await api(t.app, {
      method: 'POST',
      url: ApiPaths.adminPrizeActivities,
      token: operator.token,
      body: def,
    });
    expect(created.statusCode, created.body).toBe(200);
    const csv = await exportOf(ApiPaths.adminPrizeActivitiesExport, operator.token, { format: 'csv' });
    expect(csv.statusCode).toBe(200);
    const lines = parseCsv(csv.body);
    expect(lines[0]).toEqual(['编码', '名称', '状态', '已发布', '开始', '结束', '推荐教材数', '奖品组数', '参与人数']);
    const row = lines.find((r) => r[0] === def.code)!;
    expect(row[1]).toBe('测试阅读活动');
    expect(row[2]).toBe('未开始');
    expect(row.slice(6)).toEqual(['2', '2', '0']);
    const xlsx = await parseXlsx(await exportOf(ApiPaths.adminPrizeActivitiesExport, operator.token, {}));
    expect(xlsx.slice(1).map((r) => r[0])).toContain(def.code);
    expect(await lastExport('export:activities')).toMatchObject({
      actorId: operator.id,
      after: { format: 'xlsx', filters: {} },
    });
    expect((await exportOf(ApiPaths.adminPrizeActivitiesExport, reviewer.token, {})).statusCode).toBe(404);
  });
});

describe('resource review export', () => {
  it('answers the queue of the chosen state, audited; operators are refused', async () => {
    const [book] = await t.database.db.select().from(textbooks).where(eq(textbooks.externalId, 'ex-1'));
    const storage = new LocalDiskStorage(config.dataDir);
    await addResource(t.database.db, storage, {
      title: '待审教案',
      textbookId: book!.id,
      status: 'pending',
      uploaderId: teacher.id,
      type: 'lesson_plan',
    });
    await addResource(t.database.db, storage, {
      title: '已驳回课件',
      textbookId: book!.id,
      status: 'rejected',
      uploaderId: teacher.id,
    });
    // Generated resources have no uploader and are not in the queue.
    await addResource(t.database.db, storage, { title: '平台资源', textbookId: book!.id });

    const pending = await exportOf(ApiPaths.adminResourcesExport, reviewer.token, { format: 'csv', status: 'pending' });
    expect(pending.statusCode, pending.body).toBe(200);
    const lines = parseCsv(pending.body);
    expect(lines[0]).toEqual(['编号', '标题', '类型', '教材', '上传者', '上传时间', '状态', '不通过原因', '审核时间']);
    expect(lines.slice(1).map((r) => [r[1], r[2], r[3], r[6]])).toEqual([
      ['待审教案', '教案', '义务教育教科书·数学七年级上册', '待审核'],
    ]);

    const all = await parseXlsx(await exportOf(ApiPaths.adminResourcesExport, reviewer.token, { format: 'xlsx' }));
    expect(
      all
        .slice(1)
        .map((r) => r[1])
        .sort(),
    ).toEqual(['已驳回课件', '待审教案'].sort());
    expect(await lastExport('export:resources')).toMatchObject({
      actorId: reviewer.id,
      after: { format: 'xlsx', rows: 2, filters: {} },
    });

    const bad = await exportOf(ApiPaths.adminResourcesExport, reviewer.token, { status: 'gone' });
    expect(bad.statusCode).toBe(400);
    expect((await exportOf(ApiPaths.adminResourcesExport, operator.token, {})).statusCode).toBe(404);
  });
});

describe('exports of the accounts’ tables', () => {
  it('are audited too', async () => {
    const admin = await createUser(t.database.db, ['admin']);
    const res = await exportOf(ApiPaths.adminUsersExport, admin.token, { format: 'csv', role: 'teacher' });
    expect(res.statusCode).toBe(200);
    expect(await lastExport('export:users')).toMatchObject({
      actorId: admin.id,
      after: { format: 'csv', filters: { role: 'teacher' } },
    });
    const audit = await exportOf(ApiPaths.adminAuditExport, admin.token, { format: 'xlsx' });
    expect(audit.statusCode).toBe(200);
    const rows = await parseXlsx(audit);
    // The users export just before is in the audit log's own export.
    expect(rows.some((r) => r[1] === 'console_export')).toBe(true);
  });
});
