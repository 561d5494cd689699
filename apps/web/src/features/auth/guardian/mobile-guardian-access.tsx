/**
 * The 监护人 page on the phone (antd-mobile; docs/privacy.md, Guardians): verify the recorded
 * guardian phone (image captcha + SMS code, purpose `guardian_access`), see what each pupil's
 * account holds, and erase an account.
 */
import type { GuardianPupilSummary } from '@eav/contract';
import { Button, Dialog, Form, Toast } from 'antd-mobile';
import { useState, type ReactNode } from 'react';
import { errorMessage } from '@/lib/error-message';
import { openGuardianAccess, useGuardianPupils } from '../api/guardian';
import { MobileAuthForm, MobilePhoneCaptchaSmsFields } from '../components/mobile/mobile-auth-fields';
import { useAuthSubmit } from '../hooks/use-auth-submit';
import { eventLabel, guardianTime } from './guardian-text';
import styles from './guardian-mobile.module.css';

interface Values {
  phone: string;
  smsCode: string;
  smsTicket?: string;
}

export function MobileGuardianAccess() {
  const [token, setToken] = useState<string | null>(null);
  return token ? <Pupils token={token} onExpired={() => setToken(null)} /> : <Verify onToken={setToken} />;
}

function Verify({ onToken }: { onToken: (token: string) => void }) {
  const [form] = Form.useForm<Values>();
  const submit = useAuthSubmit<Values>(form, {
    fields: ['phone', 'smsCode'],
    submit: async (v) => {
      if (!v.smsTicket) return form.setFields([{ name: 'smsCode', errors: ['请先获取短信验证码'] }]);
      onToken((await openGuardianAccess({ phone: v.phone.trim(), smsCode: v.smsCode, smsTicket: v.smsTicket })).token);
    },
  });
  const [pending, setPending] = useState(false);
  const onFinish = async (v: Values) => {
    setPending(true);
    await submit.onFinish(v).finally(() => setPending(false));
  };
  return (
    <>
      <p className={styles.note}>
        孩子注册时已由您通过短信验证同意的，请输入当时验证的监护人手机号。验证后可查看孩子账号中保存的信息，并可申请删除账号。
      </p>
      <MobileAuthForm form={form} submit={{ ...submit, onFinish, pending }} submitText="验证并查看">
        <MobilePhoneCaptchaSmsFields
          form={form}
          purpose="guardian_access"
          phonePlaceholder="监护人手机号"
          onFormError={(msg) => submit.setFormError(msg)}
        />
      </MobileAuthForm>
    </>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.row}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Pupils({ token, onExpired }: { token: string; onExpired: () => void }) {
  const { pupils, erase } = useGuardianPupils(token);
  if (pupils.error)
    return (
      <section className={styles.card}>
        <p className={styles.error}>{errorMessage(pupils.error)}</p>
        <Button block onClick={onExpired}>
          重新验证
        </Button>
      </section>
    );
  if (!pupils.data) return null;
  const remove = async (p: GuardianPupilSummary) => {
    const ok = await Dialog.confirm({
      title: '确定注销并删除该账号？',
      content: '账号中的个人信息将被删除或匿名化，且无法恢复。',
      confirmText: '确定删除',
      cancelText: '取消',
    });
    if (!ok) return;
    try {
      await erase.mutateAsync(p.userId);
      Toast.show({ icon: 'success', content: '账号已注销' });
    } catch (error) {
      Toast.show({ content: errorMessage(error, '删除失败，请稍后重试') });
    }
  };
  return (
    <>
      <p className={styles.note}>
        监护人手机号 <strong>{pupils.data.guardianPhone}</strong>，以下为以该号码作为监护人的学生账号。
      </p>
      {pupils.data.pupils.length === 0 && (
        <section className={styles.card}>
          <p>没有以该手机号作为监护人的学生账号</p>
        </section>
      )}
      {pupils.data.pupils.map((p) => (
        <section key={p.userId} className={styles.card} aria-labelledby={`pupil-${p.userId}`}>
          <h2 id={`pupil-${p.userId}`}>学生账号：{p.userName}</h2>
          <dl>
            <Row label="注册手机号">{p.phone ?? '—'}</Row>
            <Row label="出生年份">{p.birthYear ?? '—'}</Row>
            <Row label="注册时间">{guardianTime(p.createdAt)}</Row>
            <Row label="真实姓名">{p.realName ?? '未填写'}</Row>
            <Row label="学校">{p.school ?? '未填写'}</Row>
            <Row label="地区">{p.region ?? '未填写'}</Row>
            <Row label="头像">{p.hasAvatar ? '已上传' : '未上传'}</Row>
            <Row label="监护人同意">{guardianTime(p.guardianConsentedAt)}</Row>
            <Row label="保存的记录">
              会话 {p.counts.sessions}，文件 {p.counts.files}，第三方账号 {p.counts.bindings}，操作记录{' '}
              {p.counts.auditEntries}
            </Row>
          </dl>
          <h3>最近的账号操作</h3>
          <dl>
            {p.recentActivity.map((a, i) => (
              <Row key={i} label={eventLabel(a.event)}>
                {guardianTime(a.at)}
              </Row>
            ))}
          </dl>
          <Button
            block
            color="danger"
            fill="outline"
            className={styles.danger}
            loading={erase.isPending && erase.variables === p.userId}
            onClick={() => void remove(p)}
          >
            删除该账号
          </Button>
        </section>
      ))}
      <p className={styles.note}>
        阅读记录、作业、活动积分等学习数据随账号一并删除；如需副本，请通过《隐私政策》中的客服邮箱申请。
      </p>
    </>
  );
}
