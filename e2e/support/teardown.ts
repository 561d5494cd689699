/**
 * Global teardown: the server under test must not have answered any request with a body its own
 * response schema refuses (a server bug, counted by `eav_response_serialization_errors_total` on
 * /metrics, docs/operations.md). Runs once after every spec, before the server stops; reads /metrics
 * straight from loopback (no X-Forwarded-For), which the server allows without a token.
 */
import { BASE_URL } from './env';

const COUNTER = 'eav_response_serialization_errors_total';

/** The counter's samples that are above zero, as `route=count` texts. */
export function serializationErrors(metrics: string): string[] {
  return metrics
    .split('\n')
    .filter((l) => l.startsWith(`${COUNTER}{`))
    .map((l) => ({ route: /route="([^"]*)"/.exec(l)?.[1] ?? '?', n: Number(l.slice(l.lastIndexOf(' ') + 1)) }))
    .filter((s) => s.n > 0)
    .map((s) => `${s.route}=${s.n}`);
}

export default async function globalTeardown(): Promise<void> {
  const res = await fetch(`${BASE_URL}/metrics`);
  if (!res.ok)
    throw new Error(`e2e teardown: GET /metrics answered ${res.status}; the server must run with METRICS=on`);
  const text = await res.text();
  if (!text.includes(`# TYPE ${COUNTER} counter`)) throw new Error(`e2e teardown: /metrics has no ${COUNTER}`);
  const bad = serializationErrors(text);
  if (bad.length)
    throw new Error(
      `e2e teardown: the server answered ${bad.join(', ')} response(s) its response schema refused (see its log: response serialization error)`,
    );
}
