/**
 * Shows a browse-only pupil (under 14, no guardian consent yet; docs/privacy.md, Guardians) a
 * banner on every page but the guardian step itself. The flag comes with the stored user (login and
 * register answer it; a 403 AUTH.GUARDIAN_REQUIRED sets it, the consent clears it), so no request is
 * made on an app start. The desktop banner (antd) and the H5 one (antd-mobile) are chunks loaded only
 * when needed.
 */
import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { loadChunk } from '@/lib/lazy';
import { useSession } from '@/stores/session';

const DesktopBanner = lazy(() => loadChunk(() => import('./guardian-banner')));
const MobileBanner = lazy(() => loadChunk(() => import('./guardian-banner-mobile')));

export default function GuardianGate() {
  const required = useSession((s) => s.user?.guardianRequired === true);
  const { pathname } = useLocation();
  if (!required) return null;
  if (pathname === paths.guardianConsent || pathname === paths.mobile.guardianConsent) return null;
  return <Suspense fallback={null}>{pathname.startsWith('/mobileH5') ? <MobileBanner /> : <DesktopBanner />}</Suspense>;
}
