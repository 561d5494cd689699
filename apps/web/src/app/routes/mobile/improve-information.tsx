/**
 * `/mobileH5/improveInformation` (docs/product.md §2; docs/identity.md, New accounts): school,
 * region, stage, grade or subject and real name through `POST /api/v1/user/complete`, then the H5
 * home. Teachers give a subject, students and parents a grade. Logged-out visitors go to login.
 */
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { isTeacher, useSession } from '@/stores/session';
import { MobileAuthFrame } from '@/features/auth/components/mobile/mobile-auth-frame';
import { ImproveInformationForm } from '@/features/identity/components/mobile/improve-information-form';
import styles from '@/features/identity/components/mobile/mobile.module.css';
import { useCompleteProfile } from '@/features/user/api/complete-profile';

export default function ImproveInformationRoute() {
  const user = useSession((s) => s.user);
  const navigate = useNavigate();
  const complete = useCompleteProfile();
  const [error, setError] = useState<string | null>(null);
  if (!user)
    return (
      <Navigate to={`${paths.mobile.login}?redirect=${encodeURIComponent(paths.mobile.improveInformation)}`} replace />
    );

  return (
    <MobileAuthFrame title="完善信息" subtitle="完善学校与学段信息，获取更合适的教材资源">
      <ImproveInformationForm
        teacher={isTeacher(user)}
        pending={complete.isPending}
        error={error}
        onSubmit={(body) => {
          setError(null);
          complete.mutate(body, {
            onSuccess: () => void navigate(paths.mobile.home, { replace: true }),
            onError: (e) => setError(e instanceof ApiError ? e.msg : '保存失败，请稍后重试'),
          });
        }}
      />
      <div className={styles.linkRow}>
        <Button fill="none" size="mini" onClick={() => void navigate(paths.mobile.home, { replace: true })}>
          以后再说
        </Button>
      </div>
    </MobileAuthFrame>
  );
}
