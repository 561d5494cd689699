/** `POST /api/v1/chat/session`: opens or resumes the caller's conversation (docs/chat.md). */
import { ApiPaths, type ChatSession } from '@eav/contract';
import { apiPost } from '@/lib/api-client';
import { storeVisitorToken, visitorHeaders } from '../lib/visitor-token';

/** Opens the chat from in-app path `page`; keeps a newly issued visitor token. */
export async function openChat(page: string): Promise<ChatSession> {
  const session = await apiPost<ChatSession>(
    ApiPaths.chatSession,
    { page: page.slice(0, 200) },
    { headers: visitorHeaders(), silent: true },
  );
  if (session.visitorToken) storeVisitorToken(session.visitorToken);
  return session;
}
