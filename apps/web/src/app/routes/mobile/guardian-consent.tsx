/** 监护人同意 on the phone (/mobileH5/guardian-consent, docs/privacy.md, Guardians). */
import { H5Page } from '@/components/layouts/h5-page';
import { MobileGuardianConsent } from '@/features/auth/guardian/mobile-guardian-consent';

export default function MobileGuardianConsentRoute() {
  return (
    <H5Page title="监护人同意">
      <MobileGuardianConsent />
    </H5Page>
  );
}
