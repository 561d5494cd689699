/**
 * `npm run import:knowledge-points -- <file.jsonl> [more.jsonl …]`: imports knowledge points (docs/api.md, Knowledge points) and prints the report
 * (features/question-bank/cli.ts).
 */
import { importCommand } from '../features/question-bank';

importCommand('knowledge-points');
