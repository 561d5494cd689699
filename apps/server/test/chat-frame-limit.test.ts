/**
 * A frame over the chat socket's limit (docs/chat.md, WebSocket): the client's fault, so the socket
 * is closed with 1009 (message too big), the event is logged as a warning (never an error) and
 * counted on /metrics as `eav_ws_frames_refused_total{reason="too_large"}`.
 */
import { describe, expect, it } from 'vitest';
import { SOCKET_MAX_PAYLOAD } from '../src/features/chat/routes-socket';
import { connect, listen, openChat } from './chat-helpers';
import { testConfig, useTestApp } from './helpers';

const lines: { level: number; msg: string }[] = [];
const t = useTestApp({
  config: testConfig({}, { METRICS: 'on' }),
  logger: { level: 'warn', stream: { write: (line: string) => void lines.push(JSON.parse(line)) } },
});

describe('a chat socket frame over the limit', () => {
  it('closes the socket with 1009, logs a warning and counts it', async () => {
    const base = await listen(t.app);
    const chat = await openChat(t.app);
    const socket = await connect(base, chat.ticket);
    const closed = new Promise<number>((resolve) => socket.ws.once('close', (code: number) => resolve(code)));
    socket.ws.on('error', () => undefined);
    socket.ws.send('字'.repeat(SOCKET_MAX_PAYLOAD));
    expect(await closed).toBe(1009);

    const about = lines.filter((l) => /frame|payload|socket/i.test(l.msg));
    expect(about).toEqual([expect.objectContaining({ level: 40, msg: 'chat socket: frame over the size limit' })]);
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);

    const metrics = await t.app.inject({ url: '/metrics' });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.body).toMatch(/^eav_ws_frames_refused_total\{reason="too_large"\} 1$/m);
  });
});
