/**
 * State of the chat widget (docs/chat.md): opens or resumes the conversation, keeps its messages
 * (deduplicated by id, in order), listens on the WebSocket for the agents' answers, reconnects with a
 * fresh session after a drop (which also brings back anything missed), and sends through REST.
 */
import type { ChatMessage, ChatSession } from '@eav/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { openChat } from '../api/open-chat';
import { sendChatMessage } from '../api/send-message';
import { openChatSocket } from '../lib/socket';

export type ChatState = 'loading' | 'ready' | 'error';

/** How long a session opened ahead of the widget stays usable (well inside the ticket's 60 s). */
const EARLY_SESSION_MS = 15_000;
let early: { at: number; session: Promise<ChatSession> } | null = null;

/**
 * Opens the session at the tap on 在线客服, while the panel and the widget are still rendering, so
 * that the widget's first (re)connection finds the answer on its way instead of starting the call
 * after its own render (docs/chat.md, Opening speed). One at a time: a second tap before the widget
 * took the first session does not open another (a visitor without a token would get two).
 */
export function openChatEarly(page: string): void {
  if (early && Date.now() - early.at < EARLY_SESSION_MS) return;
  const session = openChat(page);
  session.catch(() => undefined); // The widget reports a failure when it takes the session.
  early = { at: Date.now(), session };
}

/** The session opened by `openChatEarly`, once, when still fresh. */
function takeEarlySession(): Promise<ChatSession> | null {
  const taken = early && Date.now() - early.at < EARLY_SESSION_MS ? early.session : null;
  early = null;
  return taken;
}

/** Merges messages by id, oldest first. */
export function mergeMessages(current: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

export function useChat(page: string) {
  const [state, setState] = useState<ChatState>('loading');
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [serviceOpen, setServiceOpen] = useState(true);
  const [connected, setConnected] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pageRef = useRef(page);
  useEffect(() => {
    pageRef.current = page;
  }, [page]);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let first = true;
    const apply = (s: ChatSession) => {
      setMessages((m) => mergeMessages(m, s.messages));
      setServiceOpen(s.serviceOpen);
      setState('ready');
    };
    const close = openChatSocket({
      // Every (re)connection opens the session again: a fresh ticket and the messages missed meanwhile.
      ticket: async () => {
        try {
          const s = await ((first && takeEarlySession()) || openChat(pageRef.current));
          apply(s);
          return s.ticket;
        } catch (err) {
          if (first) {
            setState('error');
            setError(err instanceof ApiError ? err.msg : '客服暂时无法连接，请稍后重试');
          }
          throw err;
        } finally {
          first = false;
        }
      },
      onEvent: (event) => {
        if (event.type === 'message') setMessages((m) => mergeMessages(m, [event.message]));
        else if (event.type === 'ready') setServiceOpen(event.serviceOpen);
      },
      onState: (s) => setConnected(s === 'open'),
    });
    return close;
  }, [attempt]);

  const send = useCallback(async (body: string): Promise<boolean> => {
    setError(null);
    try {
      const r = await sendChatMessage(body);
      setMessages((m) => mergeMessages(m, [r.message]));
      setServiceOpen(r.serviceOpen);
      return true;
    } catch (err) {
      setError(err instanceof ApiError ? err.msg : '发送失败，请稍后重试');
      return false;
    }
  }, []);

  const retry = useCallback(() => {
    setState('loading');
    setError(null);
    setAttempt((n) => n + 1);
  }, []);

  return { state, messages, serviceOpen, connected, error, send, retry };
}
