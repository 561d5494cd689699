/**
 * `npm run activity:create -- <activity.json>`: creates a prize activity from its definition
 * (docs/prize.md, Activity definition), or updates the one with the same code while it has not
 * started; once it has started the definition is refused with a clear message. Same service
 * (`saveActivity`) as `POST /api/v1/admin/prize/activities`.
 */
import fs from 'node:fs';
import { z } from 'zod';
import { beijingIso, saveActivity } from '../features/prize';
import { AppError } from '../lib/errors';
import { cliConfig, cliDatabase, userPath } from './common';

// Validation messages in Chinese, as the server gives them (app.ts).
z.config(z.locales.zhCN());

const USAGE = '用法：npm run activity:create -- <activity.json>';

function fail(msg: string): never {
  console.error(msg);
  console.error(USAGE);
  process.exit(1);
}

async function main() {
  const args = process.argv.slice(2).filter((a) => a !== '--');
  if (args.includes('-h') || args.includes('--help')) {
    console.log(USAGE);
    process.exit(0);
  }
  if (args.length !== 1) fail('请指定一个活动定义文件（JSON）');
  const file = userPath(args[0]!);
  let definition: unknown;
  try {
    definition = JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
  } catch (err) {
    fail(`无法读取活动定义 ${file}：${err instanceof Error ? err.message : String(err)}`);
  }

  const database = await cliDatabase(cliConfig());
  try {
    const { activity, created } = await saveActivity(database.db, definition, Date.now());
    const fmt = (d: Date) => beijingIso(d.getTime());
    console.log(
      `${created ? '已创建' : '已更新'}活动「${activity.title}」（${activity.code}）：` +
        `${fmt(activity.startAt)} 至 ${fmt(activity.endAt)}，推荐教材 ${activity.bookIds.length} 本`,
    );
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    await database.close();
    fail(err.msg);
  }
  await database.close();
  process.exit(0);
}

main().catch((err: unknown) => {
  console.error('创建失败：', err instanceof Error ? err.message : err);
  process.exit(1);
});
