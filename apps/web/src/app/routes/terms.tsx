/** 《用户服务协议》 (/terms, docs/privacy.md). */
import { POLICY_TITLES } from '@eav/contract';
import { paths } from '@/config/paths';
import { TERMS_OF_SERVICE } from '@/features/legal/documents';
import { PolicyPage } from '@/features/legal/policy-document';

export default function TermsRoute() {
  return <PolicyPage doc={TERMS_OF_SERVICE} other={{ title: POLICY_TITLES.privacy, to: paths.privacy }} />;
}
