/**
 * `npm run import:papers -- <file.jsonl> [more.jsonl …]`: imports papers (docs/api.md, Papers; import the questions first) and prints the report
 * (features/question-bank/cli.ts).
 */
import { importCommand } from '../features/question-bank';

importCommand('papers');
