/** `npm run codes:generate -- --textbook <id> --count N`. Implemented by the textbooks feature. */
console.error('codes:generate is not available yet');
process.exit(1);
