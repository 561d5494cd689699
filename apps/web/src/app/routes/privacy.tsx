/** 《隐私政策》 (/privacy, docs/privacy.md). */
import { POLICY_TITLES } from '@eav/contract';
import { paths } from '@/config/paths';
import { PRIVACY_POLICY } from '@/features/legal/documents';
import { PolicyPage } from '@/features/legal/policy-document';

export default function PrivacyRoute() {
  return <PolicyPage doc={PRIVACY_POLICY} other={{ title: POLICY_TITLES.terms, to: paths.terms }} />;
}
