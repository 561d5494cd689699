/** `POST /api/v1/admin/chat/ticket`: a single-use ticket of the desk's WebSocket. */
import { ApiPaths, type ChatTicket } from '@eav/contract';
import { apiPost } from '@/lib/api-client';

export const getAgentTicket = async () =>
  (await apiPost<ChatTicket>(ApiPaths.adminChatTicket, undefined, { silent: true })).ticket;
