/** 监护人 (/guardian): a guardian sees a pupil's account data and may erase it (docs/privacy.md, Guardians). */
import { GuardianAccess } from '@/features/auth/guardian/guardian-access';

export default function GuardianRoute() {
  return (
    <article className="eav-doc eav-container">
      <header className="eav-doc__head">
        <h1>监护人服务</h1>
        <p>查看孩子账号中保存的个人信息，或申请注销并删除账号</p>
      </header>
      <GuardianAccess />
    </article>
  );
}
