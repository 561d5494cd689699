/**
 * The chat WebSocket of a browser (docs/chat.md, decision 015): connects to `/ws/chat?ticket=` with a
 * ticket from a signed REST call, passes each event on, and reconnects with a fresh ticket after a
 * drop (1 s, 2 s, 4 s … up to 30 s). The socket only receives; sending goes through REST.
 */
import { ApiPaths, type ChatEvent } from '@eav/contract';

export interface ChatSocketOptions {
  /** A fresh single-use ticket (a signed REST call); called for every (re)connection. */
  ticket(): Promise<string>;
  onEvent(event: ChatEvent): void;
  /** Connection state for the UI. */
  onState?(state: 'connecting' | 'open' | 'closed'): void;
}

const MAX_DELAY_MS = 30_000;

/** Opens the socket; answers the function that closes it for good. */
export function openChatSocket(opts: ChatSocketOptions): () => void {
  let ws: WebSocket | null = null;
  let stopped = false;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const schedule = () => {
    if (stopped) return;
    opts.onState?.('closed');
    const delay = Math.min(MAX_DELAY_MS, 1000 * 2 ** attempt++);
    timer = setTimeout(() => void connect(), delay);
  };

  async function connect() {
    if (stopped) return;
    opts.onState?.('connecting');
    let ticket: string;
    try {
      ticket = await opts.ticket();
    } catch {
      return schedule();
    }
    if (stopped) return;
    const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const socket = new WebSocket(
      `${scheme}//${location.host}${ApiPaths.chatSocket}?ticket=${encodeURIComponent(ticket)}`,
    );
    ws = socket;
    socket.onopen = () => {
      attempt = 0;
      opts.onState?.('open');
    };
    socket.onmessage = (e: MessageEvent) => {
      try {
        opts.onEvent(JSON.parse(String(e.data)) as ChatEvent);
      } catch {
        // Not an event of ours.
      }
    };
    socket.onclose = () => {
      if (ws === socket) ws = null;
      schedule();
    };
  }

  void connect();
  return () => {
    stopped = true;
    clearTimeout(timer);
    ws?.close(1000);
    ws = null;
  };
}
