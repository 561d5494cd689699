/**
 * The root route's component: the shells of components/layouts, composed with the features they
 * need (the header's teaching back-office check and class-server jump, the 在线客服 chat widget, the consent
 * dialog of a new 《用户服务协议》/《隐私政策》, the browse-only banner of a pupil awaiting a guardian) and the route guards of
 * docs/product.md §4 (app/guards.tsx).
 */
import { lazy, Suspense } from 'react';
import { ChatPrepareContext, type ChatPrepare } from '@/components/layouts/chat-context';
import { BackOfficeContext } from '@/components/layouts/back-office-context';
import { ChatWidgetContext } from '@/components/layouts/chat-context';
import { ClassServerContext } from '@/components/layouts/class-server-context';
import RootLayout from '@/components/layouts/root-layout';
import { useTeachingBackOffice } from '@/features/permission/api/get-permission';
import { useClassServerJumpFor } from '@/features/identity/hooks/use-class-server-jump';
import { chunk, lazyFrom, loadChunk } from '@/lib/lazy';
import { useSession } from '@/stores/session';
import { IdentityGuard } from './guards';

/**
 * The live chat of the shells' 在线客服 panels (docs/chat.md): a chunk loaded ahead of the first open
 * (`prepareChat`), rendered without suspending once it arrived.
 */
const chatWidget = chunk(() => import('@/features/chat/components/chat-widget'));
const ChatWidget = lazyFrom(chatWidget, (m) => m.default);
const prepareChat: ChatPrepare = (what) => {
  const loading = chatWidget.load();
  if (what.session) void loading.then((m) => m.openChatEarly(what.page)).catch(() => undefined);
  else loading.catch(() => undefined); // The panel shows the failure when it is opened.
};
/** The consent check of a logged-in user (docs/privacy.md), a chunk loaded only with a session. */
const ConsentGate = lazy(() => loadChunk(() => import('@/features/legal/consent-gate')));
/** The browse-only banner of a pupil under 14 awaiting a guardian (docs/privacy.md, Guardians). */
const GuardianGate = lazy(() => loadChunk(() => import('@/features/auth/guardian/guardian-gate')));

export default function Shell() {
  const hasUser = useSession((st) => !!st.user);
  return (
    <BackOfficeContext.Provider value={useTeachingBackOffice}>
      <ClassServerContext.Provider value={useClassServerJumpFor}>
        <ChatWidgetContext.Provider value={ChatWidget}>
          <ChatPrepareContext.Provider value={prepareChat}>
            <IdentityGuard>
              {hasUser && (
                <Suspense fallback={null}>
                  <GuardianGate />
                </Suspense>
              )}
              <RootLayout />
              {hasUser && (
                <Suspense fallback={null}>
                  <ConsentGate />
                </Suspense>
              )}
            </IdentityGuard>
          </ChatPrepareContext.Provider>
        </ChatWidgetContext.Provider>
      </ClassServerContext.Provider>
    </BackOfficeContext.Provider>
  );
}
