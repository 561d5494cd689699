/**
 * `npm run training:import -- <courses.json>`: creates or updates training courses (docs/training.md,
 * Course definition) from a JSON file holding one course definition or an array of them. Same
 * service (`saveCourse`) as `POST /api/v1/admin/training/courses`; each course is saved in its own
 * transaction, and a refused one is reported without stopping the others.
 */
import fs from 'node:fs';
import { z } from 'zod';
import { questionDetails } from '../features/question-bank';
import { describeVideo } from '../features/textbooks';
import { saveCourse } from '../features/training';
import { AppError } from '../lib/errors';
import { cliConfig, cliDatabase, userPath } from './common';

// Validation messages in Chinese, as the server gives them (app.ts).
z.config(z.locales.zhCN());

const USAGE = '用法：npm run training:import -- <courses.json>';

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
  if (args.length !== 1) fail('请指定一个课程定义文件（JSON）');
  const file = userPath(args[0]!);
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
  } catch (err) {
    fail(`无法读取课程定义 ${file}：${err instanceof Error ? err.message : String(err)}`);
  }
  const definitions = Array.isArray(parsed) ? parsed : [parsed];
  const database = await cliDatabase(cliConfig());
  const deps = {
    questionDetails,
    videos: { describe: describeVideo, grant: async () => null },
  };
  let failed = 0;
  for (const [i, def] of definitions.entries()) {
    const label = `第 ${i + 1} 门课程`;
    try {
      const r = await saveCourse(database.db, def as never, deps, new Date());
      console.log(`${label}：${r.created ? '已创建' : '已更新'}「${r.code}」（id ${r.id}）`);
    } catch (err) {
      failed++;
      if (err instanceof z.ZodError)
        console.error(`${label}：${err.issues.map((x) => `${x.path.join('.') || '课程'} ${x.message}`).join('；')}`);
      else if (err instanceof AppError) console.error(`${label}：${err.msg}`);
      else throw err;
    }
  }
  await database.close();
  process.exit(failed > 0 ? 1 : 0);
}

main().catch((err: unknown) => {
  console.error('导入失败：', err instanceof Error ? err.message : err);
  process.exit(1);
});
