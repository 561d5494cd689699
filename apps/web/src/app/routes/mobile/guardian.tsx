/** 监护人服务 on the phone (/mobileH5/guardian, docs/privacy.md, Guardians). */
import { H5Page } from '@/components/layouts/h5-page';
import { MobileGuardianAccess } from '@/features/auth/guardian/mobile-guardian-access';

export default function MobileGuardianRoute() {
  return (
    <H5Page title="监护人服务">
      <MobileGuardianAccess />
    </H5Page>
  );
}
