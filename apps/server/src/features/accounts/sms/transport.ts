/** The HTTP call SMS providers make, injectable so tests can see the exact request without a network. */
export interface HttpRequest {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
}
export interface HttpResponse {
  status: number;
  text: string;
}
export type HttpTransport = (request: HttpRequest) => Promise<HttpResponse>;

/** Transport over global fetch with a 10 s time-out. */
export const fetchTransport: HttpTransport = async (req) => {
  const res = await fetch(req.url, {
    method: req.method,
    headers: req.headers,
    ...(req.body !== undefined ? { body: req.body } : {}),
    signal: AbortSignal.timeout(10_000),
  });
  return { status: res.status, text: await res.text() };
};
