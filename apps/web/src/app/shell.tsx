/**
 * The root route's component: the shells of components/layouts, composed with the features they
 * need (the header's teaching back-office check and class-server jump, the 在线客服 chat widget, the consent
 * dialog of a new 《用户服务协议》/《隐私政策》, the browse-only banner of a pupil awaiting a guardian) and the route guards of
 * docs/product.md §4 (app/guards.tsx).
 */
import { lazy, Suspense } from 'react';
import { BackOfficeContext } from '@/components/layouts/back-office-context';
import { ChatWidgetContext } from '@/components/layouts/chat-context';
import { ClassServerContext } from '@/components/layouts/class-server-context';
import RootLayout from '@/components/layouts/root-layout';
import { useTeachingBackOffice } from '@/features/permission/api/get-permission';
import { useClassServerJumpFor } from '@/features/identity/hooks/use-class-server-jump';
import { loadChunk } from '@/lib/lazy';
import { useSession } from '@/stores/session';
import { IdentityGuard } from './guards';

/** The live chat of the shells' 在线客服 panels (docs/chat.md), a chunk loaded on first open. */
const ChatWidget = lazy(() => loadChunk(() => import('@/features/chat/components/chat-widget')));
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
        </ChatWidgetContext.Provider>
      </ClassServerContext.Provider>
    </BackOfficeContext.Provider>
  );
}
