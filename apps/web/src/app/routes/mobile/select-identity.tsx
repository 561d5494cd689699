/**
 * `/mobileH5/selectIdentity` (docs/product.md §2, §6; docs/identity.md, New accounts): a new account
 * says whether it is a 学生, 教师 or 家长 (once; the server refuses a second choice), then completes
 * its profile on improveInformation. Logged-out visitors are sent to login.
 */
import type { DeclarableIdentity } from '@eav/contract';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/stores/session';
import { MobileAuthFrame, MobileFormError } from '@/features/auth/components/mobile/mobile-auth-frame';
import { useSelectIdentity } from '@/features/identity/api/select-identity';
import { IdentityChooser } from '@/features/identity/components/mobile/identity-chooser';
import styles from '@/features/identity/components/mobile/mobile.module.css';

export default function SelectIdentityRoute() {
  const user = useSession((s) => s.user);
  if (!user)
    return (
      <Navigate to={`${paths.mobile.login}?redirect=${encodeURIComponent(paths.mobile.selectIdentity)}`} replace />
    );
  return <SelectIdentity userId={user.userId} />;
}

function SelectIdentity({ userId }: { userId: number }) {
  const navigate = useNavigate();
  const [value, setValue] = useState<DeclarableIdentity | null>(null);
  const [error, setError] = useState<string | null>(null);
  const select = useSelectIdentity(userId);

  const submit = () => {
    if (!value) return setError('请选择身份');
    setError(null);
    select.mutate(value, {
      onSuccess: () => void navigate(paths.mobile.improveInformation, { replace: true }),
      onError: (e) => setError(e instanceof ApiError ? e.msg : '保存失败，请稍后重试'),
    });
  };

  return (
    <MobileAuthFrame title="选择身份" subtitle="选择后将为您展示对应的教材与功能">
      <IdentityChooser
        value={value}
        onChange={(v) => {
          setValue(v);
          setError(null);
        }}
      />
      <div className={styles.actions}>
        <MobileFormError message={error} />
        <Button block color="primary" size="large" loading={select.isPending} onClick={submit}>
          下一步
        </Button>
      </div>
      <div className={styles.linkRow}>
        <Button
          fill="none"
          size="mini"
          onClick={() => void navigate(paths.mobile.improveInformation, { replace: true })}
        >
          跳过
        </Button>
      </div>
    </MobileAuthFrame>
  );
}
