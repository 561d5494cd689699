/**
 * The `import:questions|import:papers|import:knowledge-points|import:chapters` commands (docs/api.md,
 * Commands; docs/question-bank.md): `npm run import:questions -- <file.jsonl> [more.jsonl …]` prints the
 * report of each file (created / updated / unchanged, skipped lines by number), with progress on a
 * terminal. Exit status: 0 when the files were read and imported (even with skipped lines), 1 otherwise.
 */
import fs from 'node:fs';
import type { QuestionBankImportKind } from '@eav/contract';
import { cliConfig, cliDatabase, userPath } from '../../cli/common';
import { formatReport, IMPORT_KIND_LABELS, runImport } from './importers';

/** Progress line on a terminal only (a pipe or log file gets the report alone). */
function progress(phase: string, done: number, total: number) {
  if (!process.stdout.isTTY) return;
  const pct = total ? Math.floor((done / total) * 100) : 100;
  process.stdout.write(`\r  ${phase} ${done}/${total}（${pct}%）`);
  if (done >= total) process.stdout.write('\n');
}

export async function runImportCli(kind: QuestionBankImportKind): Promise<void> {
  const label = IMPORT_KIND_LABELS[kind];
  const files = process.argv.slice(2).filter((a) => a !== '--');
  if (!files.length || files.some((f) => f === '-h' || f === '--help')) {
    console.log(`用法：npm run import:${kind} -- <${label}文件.jsonl> [更多文件…]`);
    process.exit(files.length ? 0 : 1);
  }
  const config = cliConfig();
  const database = await cliDatabase(config);
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
      console.log(`正在导入${label} ${abs} …`);
      const report = await runImport(database.db, kind, text, { onProgress: progress });
      console.log(formatReport(label, report));
    }
  } finally {
    await database.close();
  }
  process.exit(failed ? 1 : 0);
}

/** Runs the command, printing a failure in Chinese. */
export function importCommand(kind: QuestionBankImportKind): void {
  runImportCli(kind).catch((err: unknown) => {
    console.error('导入失败：', err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
