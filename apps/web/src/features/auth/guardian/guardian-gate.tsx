/**
 * Shows a browse-only pupil (under 14, no guardian consent yet; docs/privacy.md, Guardians) a
 * banner on every page but the guardian step itself. The desktop banner (antd) and the H5 one
 * (antd-mobile) are chunks loaded only when needed.
 */
import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { loadChunk } from '@/lib/lazy';
import { useSession } from '@/stores/session';
import { useGuardianStatus } from '../api/guardian';

const DesktopBanner = lazy(() => loadChunk(() => import('./guardian-banner')));
const MobileBanner = lazy(() => loadChunk(() => import('./guardian-banner-mobile')));

export default function GuardianGate() {
  const userId = useSession((s) => s.user?.userId ?? null);
  const { pathname } = useLocation();
  const status = useGuardianStatus(userId);
  if (userId === null || !status.data?.guardianRequired) return null;
  if (pathname === paths.guardianConsent || pathname === paths.mobile.guardianConsent) return null;
  return <Suspense fallback={null}>{pathname.startsWith('/mobileH5') ? <MobileBanner /> : <DesktopBanner />}</Suspense>;
}
