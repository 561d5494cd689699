/**
 * `npm run import:chapters -- <file.jsonl> [more.jsonl …]`: imports chapter trees of catalogue books (docs/api.md, Chapter trees) and prints the report
 * (features/question-bank/cli.ts).
 */
import { importCommand } from '../features/question-bank';

importCommand('chapters');
