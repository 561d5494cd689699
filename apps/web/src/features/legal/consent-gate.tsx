/**
 * Asks a logged-in user who has not accepted the current 《用户服务协议》/《隐私政策》 (a new version,
 * or an account from before consent was recorded) to accept it, in a dialog that nothing but
 * accepting or logging out closes (PIPL art. 14; docs/privacy.md). The documents' own pages stay
 * readable. The desktop dialog (antd) and the H5 one (antd-mobile) are chunks loaded only when asked.
 */
import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { loadChunk } from '@/lib/lazy';
import { useSession } from '@/stores/session';
import { policyPaths } from '@/components/policy-links';
import { useConsent } from './consent-api';

const DesktopDialog = lazy(() => loadChunk(() => import('./consent-dialog')));
const MobileDialog = lazy(() => loadChunk(() => import('./consent-dialog-mobile')));

export default function ConsentGate() {
  const userId = useSession((s) => s.user?.userId ?? null);
  const { pathname } = useLocation();
  const consent = useConsent(userId);
  const mobile = pathname.startsWith('/mobileH5');
  const docs = policyPaths(mobile);
  if (userId === null || !consent.data?.consentRequired) return null;
  if (pathname === docs.terms || pathname === docs.privacy) return null;
  return (
    <Suspense fallback={null}>
      {mobile ? (
        <MobileDialog userId={userId} askBirthYear={consent.data.birthYearRequired} />
      ) : (
        <DesktopDialog userId={userId} askBirthYear={consent.data.birthYearRequired} />
      )}
    </Suspense>
  );
}
