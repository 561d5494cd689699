/** 《用户服务协议》 on the phone (/mobileH5/terms, docs/privacy.md). */
import { POLICY_TITLES } from '@eav/contract';
import { paths } from '@/config/paths';
import { TERMS_OF_SERVICE } from '@/features/legal/documents';
import { MobilePolicyPage } from '@/features/legal/mobile-policy-document';

export default function MobileTermsRoute() {
  return <MobilePolicyPage doc={TERMS_OF_SERVICE} other={{ title: POLICY_TITLES.privacy, to: paths.mobile.privacy }} />;
}
