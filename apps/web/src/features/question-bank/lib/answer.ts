/** How a question's answer reads: `"C"`, `["A","C"]` → `A、C`, or Markdown text per blank; null (hidden) reads empty. */
export function answerText(answer: string | string[] | null): string {
  if (answer === null) return '';
  if (typeof answer === 'string') return answer;
  // Choice keys run together (A、C); longer answers (one per blank or sub-question) one per line.
  if (answer.every((a) => /^[A-Z]$/.test(a.trim()))) return answer.map((a) => a.trim()).join('、');
  return answer.map((a, i) => `(${i + 1}) ${a}`).join('\n\n');
}
