/** Web unit-test setup: fail on unexpected console.error; clean storage between tests. */
import { afterEach, beforeEach, vi } from 'vitest';

let spy: ReturnType<typeof vi.spyOn> | undefined;
beforeEach(() => {
  spy = vi.spyOn(console, 'error');
  localStorage.clear();
  document.cookie.split(';').forEach((c) => {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
});
afterEach(() => {
  const calls = spy?.mock.calls ?? [];
  spy?.mockRestore();
  if (calls.length)
    throw new Error(`Unexpected console.error: ${calls.map((c: unknown[]) => c.map(String).join(' ')).join('\n')}`);
});
