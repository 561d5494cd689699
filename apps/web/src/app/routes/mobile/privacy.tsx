/** 《隐私政策》 on the phone (/mobileH5/privacy, docs/privacy.md). */
import { POLICY_TITLES } from '@eav/contract';
import { paths } from '@/config/paths';
import { PRIVACY_POLICY } from '@/features/legal/documents';
import { MobilePolicyPage } from '@/features/legal/mobile-policy-document';

export default function MobilePrivacyRoute() {
  return <MobilePolicyPage doc={PRIVACY_POLICY} other={{ title: POLICY_TITLES.terms, to: paths.mobile.terms }} />;
}
