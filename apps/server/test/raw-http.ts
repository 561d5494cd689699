/**
 * Raw HTTP/1.1 over a TCP socket, for what `app.inject` cannot show: absolute-form request lines
 * and an answer that arrives while most of a declared body was never sent.
 */
import net from 'node:net';
import type { FastifyInstance } from 'fastify';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Parsed JSON body, or undefined when it is not JSON. */
  json: unknown;
}

/** Starts the app on a random local port; returns the port. */
export async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no TCP address');
  return address.port;
}

/** Pause between the request head and the first byte of the body, ms. */
const BODY_PAUSE_MS = 250;

/**
 * Sends `head` (request line and headers, without the blank line) and, after BODY_PAUSE_MS, `body`
 * in 16 KiB chunks, one per event-loop turn, stopping as soon as any response has arrived. Rejects after
 * `timeoutMs` without a complete response.
 */
export function rawRequest(
  port: number,
  head: string,
  body: Buffer = Buffer.alloc(0),
  timeoutMs = 5000,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = Buffer.alloc(0);
    let sent = 0;
    let done = false;
    const finish = (err: Error | null, res?: RawResponse) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      if (err) reject(err);
      else resolve(res!);
    };
    const timer = setTimeout(() => finish(new Error(`no complete answer within ${timeoutMs} ms`)), timeoutMs);
    const tryParse = () => {
      const end = received.indexOf('\r\n\r\n');
      if (end === -1) return;
      const lines = received.subarray(0, end).toString('latin1').split('\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(lines[0] ?? '')?.[1]);
      const headers: Record<string, string> = {};
      for (const line of lines.slice(1)) {
        const i = line.indexOf(':');
        headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
      }
      const length = Number(headers['content-length'] ?? 0);
      const payload = received.subarray(end + 4);
      if (payload.length < length) return;
      const text = payload.subarray(0, length).toString('utf8');
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      finish(null, { status, headers, body: text, json });
    };
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      tryParse();
    });
    // A server that answers and closes while the client still writes resets the socket: the
    // answer has usually arrived by then.
    socket.on('error', (err) => {
      tryParse();
      finish(err);
    });
    socket.on('close', () => {
      tryParse();
      finish(new Error('connection closed without a complete answer'));
    });
    socket.write(`${head}\r\n\r\n`);
    // The body follows after a pause, and stops once any answer arrives: a server that refuses
    // before reading the body answers within the pause, and a client writing into a socket the
    // server has closed gets a reset that can discard the answer it had not read yet.
    const pump = () => {
      if (done || received.length > 0 || sent >= body.length) return;
      const chunk = body.subarray(sent, sent + 16 * 1024);
      sent += chunk.length;
      socket.write(chunk);
      setImmediate(pump);
    };
    setTimeout(pump, BODY_PAUSE_MS);
  });
}
