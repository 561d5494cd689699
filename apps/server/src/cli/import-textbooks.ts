/** `npm run import:textbooks -- <file.jsonl>` (contract section 4). Implemented by the textbooks feature. */
console.error('import:textbooks is not available yet');
process.exit(1);
