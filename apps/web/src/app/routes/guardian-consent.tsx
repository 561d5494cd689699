/** 监护人同意 (/guardian-consent): the guardian step of a pupil under 14 (docs/privacy.md, Guardians). */
import { GuardianConsentForm } from '@/features/auth/guardian/guardian-consent-form';

export default function GuardianConsentRoute() {
  return (
    <article className="eav-doc eav-container">
      <header className="eav-doc__head">
        <h1>监护人同意</h1>
        <p>未满 14 周岁的学生，须经监护人同意后才能使用平台的全部功能</p>
      </header>
      <GuardianConsentForm />
    </article>
  );
}
