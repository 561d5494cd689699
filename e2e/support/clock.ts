/**
 * The server's test clock (TEST_CLOCK=on in playwright.config.ts; docs/api.md, Configuration):
 * journeys move the server's business clock forward instead of waiting, together with the page's
 * clock (`page.clock`) where the browser's timers are involved. The clock is shared by every
 * worker of the run and only moves forward, so a journey reads it rather than assuming real time.
 */
import { ApiPaths, type TestClockResult } from '@eav/contract';
import { signedFetch } from './api';

/** Moves the server's business clock `ms` forward (0 only reads it); answers where it stands. */
export async function advanceServerClock(ms: number): Promise<TestClockResult> {
  const res = await signedFetch('POST', ApiPaths.testClock, { body: { advanceMs: ms } });
  const json = (await res.json()) as { data: TestClockResult; msg: string };
  if (res.status !== 200) throw new Error(`test clock: ${res.status} ${json.msg}`);
  return json.data;
}

/** How far the server's business clock is ahead of this machine's, ms. */
export async function serverClockOffset(): Promise<number> {
  return (await advanceServerClock(0)).offsetMs;
}
