/**
 * The agent desk's live updates (docs/chat.md): one WebSocket for every conversation. A `message`
 * event is merged into that conversation's cached detail and refreshes the lists; a `conversation`
 * event (queue, claims, closes) refreshes the lists. The lists also refresh when the socket
 * reconnects, so nothing missed while it was down stays missing.
 */
import type { ChatConversationDetail } from '@eav/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { getAgentTicket } from '../api/get-agent-ticket';
import { openChatSocket } from '../lib/socket';

/** Keeps the desk's queries live; answers whether the socket is connected. */
export function useDeskSocket(): boolean {
  const qc = useQueryClient();
  const [connected, setConnected] = useState(false);
  useEffect(() => {
    return openChatSocket({
      ticket: getAgentTicket,
      onState: (s) => {
        setConnected(s === 'open');
        if (s === 'open') void qc.invalidateQueries({ queryKey: ['chat'] });
      },
      onEvent: (event) => {
        if (event.type === 'message') {
          const m = event.message;
          qc.setQueryData<ChatConversationDetail>(['chat', 'conversation', m.conversationId], (old) =>
            old && !old.messages.some((x) => x.id === m.id) ? { ...old, messages: [...old.messages, m] } : old,
          );
          void qc.invalidateQueries({ queryKey: ['chat', 'conversations'] });
        } else if (event.type === 'conversation') {
          const c = event.conversation;
          qc.setQueryData<ChatConversationDetail>(['chat', 'conversation', c.id], (old) =>
            old ? { ...old, ...c } : old,
          );
          void qc.invalidateQueries({ queryKey: ['chat', 'conversations'] });
        }
      },
    });
  }, [qc]);
  return connected;
}
