/**
 * `npm run import:questions -- <file.jsonl> [more.jsonl …]`: imports questions (docs/api.md, Questions) and prints the report
 * (features/question-bank/cli.ts).
 */
import { importCommand } from '../features/question-bank';

importCommand('questions');
