/**
 * H5 加入班级 (`/mobileH5/joinClass?code=`): a student types the teacher's 6-character code (or
 * arrives from the class QR code with it filled in) and joins at once or waits for approval.
 */
import type { JoinClassResult } from '@eav/contract';
import { Button, Input, Result } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/error-message';
import { currentFullPath } from '@/lib/navigation';
import { isTeacher, useSession } from '@/stores/session';
import { useJoinClass } from '../../api/join-class';
import { JOIN_CODE_ALPHABET, JOIN_CODE_LENGTH } from '../../lib/labels';
import { MobileBar } from './mobile-bar';
import styles from './mobile.module.css';

const CODE_RE = new RegExp(`^[${JOIN_CODE_ALPHABET}]{${JOIN_CODE_LENGTH}}$`);

/** The code as typed: upper case, only the alphabet's characters, at most 6. */
export function cleanCode(input: string): string {
  return input
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, '')
    .slice(0, JOIN_CODE_LENGTH);
}

export function MobileJoinClass() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const [code, setCode] = useState(() => cleanCode(search.get('code') ?? ''));
  const [error, setError] = useState<string | null>(null);
  const [joined, setJoined] = useState<JoinClassResult | null>(null);
  const join = useJoinClass();
  const back = () => (window.history.length > 1 ? navigate(-1) : navigate(paths.mobile.userCenter));
  const valid = CODE_RE.test(code);

  const submit = () => {
    if (!valid) {
      setError(`邀请码为 ${JOIN_CODE_LENGTH} 位字母或数字，请核对`);
      return;
    }
    setError(null);
    join.mutate(code, { onSuccess: setJoined, onError: (e) => setError(errorMessage(e, '加入失败，请稍后重试')) });
  };

  return (
    <div className={styles.page}>
      <MobileBar title="加入班级" onBack={back} />
      {!user ? (
        <section className={`${styles.section} ${styles.prompt}`}>
          <h2>登录后加入班级</h2>
          <p>请先登录学生账号，再输入老师给的邀请码。</p>
          <Button
            color="primary"
            block
            onClick={() => navigate(`${paths.mobile.login}?redirect=${encodeURIComponent(currentFullPath())}`)}
          >
            登录
          </Button>
        </section>
      ) : joined ? (
        <section className={styles.section}>
          <Result
            status={joined.status === 'active' ? 'success' : 'waiting'}
            title={joined.status === 'active' ? '已加入班级' : '已提交申请'}
            description={
              joined.status === 'active'
                ? `你已加入「${joined.class.name}」（${joined.class.teacherName}老师），可以开始做作业了。`
                : `「${joined.class.name}」需要老师审核，通过后即可看到作业。`
            }
          />
          <Button color="primary" block onClick={() => navigate(paths.mobile.homework)} data-testid="join-go-homework">
            查看我的作业
          </Button>
        </section>
      ) : (
        <section className={styles.section} aria-labelledby="join-title">
          <h2 id="join-title" className={styles.sectionTitle}>
            输入邀请码
          </h2>
          <p className={styles.hint}>向老师索取 6 位班级邀请码，或用手机扫描老师展示的班级二维码。</p>
          {isTeacher(user) && <p className={styles.hint}>你是教师账号：请在电脑端“智慧教学”中管理自己的班级。</p>}
          <form
            onSubmit={(e) => {
              e.preventDefault();
              submit();
            }}
          >
            <Input
              aria-label="班级邀请码"
              placeholder="例如 7K3MQA"
              value={code}
              onChange={(v) => setCode(cleanCode(v))}
              className={styles.code}
              style={{
                '--font-size': '22px',
                '--text-align': 'center',
                margin: '12px 0',
                border: '1px solid #d9dde4',
                borderRadius: 8,
                padding: '10px',
              }}
              autoComplete="off"
              data-testid="join-code"
            />
            {error && (
              <p role="alert" style={{ color: '#c4161c', margin: '0 0 12px' }}>
                {error}
              </p>
            )}
            <Button block color="primary" type="submit" loading={join.isPending} data-testid="join-submit">
              加入班级
            </Button>
          </form>
        </section>
      )}
    </div>
  );
}
