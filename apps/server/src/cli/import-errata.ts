/**
 * `npm run import:errata -- <file.jsonl> [more.jsonl …]`: publishes 勘误 notices from JSON Lines
 * (docs/publishing.md, Errata import) and prints what was created, updated and skipped. Readers see
 * the notices within VERSION_CHECK_MS (the database triggers bump the read cache's version).
 * Exit status: 0 when every file was read, 1 otherwise.
 */
import fs from 'node:fs';
import { z } from 'zod';
import { importErrata } from '../features/publishing';
import { cliConfig, cliDatabase, userPath } from './common';

// Zod's own messages (a missing field) in Chinese, as the server sets them in app.ts.
z.config(z.locales.zhCN());

async function run(): Promise<void> {
  const files = process.argv.slice(2).filter((a) => a !== '--');
  if (!files.length || files.some((f) => f === '-h' || f === '--help')) {
    console.log('用法：npm run import:errata -- <勘误文件.jsonl> [更多文件…]');
    process.exit(files.length ? 0 : 1);
  }
  const database = await cliDatabase(cliConfig());
  let failed = false;
  try {
    for (const f of files) {
      const abs = userPath(f);
      let text: string;
      try {
        text = fs.readFileSync(abs, 'utf8');
      } catch {
        console.error(`无法读取文件：${abs}`);
        failed = true;
        continue;
      }
      const r = await importErrata(database.db, text, new Date());
      console.log(`${abs}：新增勘误 ${r.created} 条，更新 ${r.updated} 条，跳过 ${r.skipped.length} 行`);
      for (const s of r.skipped) console.log(`  第 ${s.line} 行：${s.message}`);
    }
  } finally {
    await database.close();
  }
  process.exit(failed ? 1 : 0);
}

run().catch((err: unknown) => {
  console.error('导入失败：', err instanceof Error ? err.message : err);
  process.exit(1);
});
