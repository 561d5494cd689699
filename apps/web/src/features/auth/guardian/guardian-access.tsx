/**
 * The 监护人 page on the desktop (antd; docs/privacy.md, Guardians): the guardian verifies the
 * phone recorded at the guardian consent (image captcha + SMS code, purpose `guardian_access`),
 * then sees what the portal holds about each pupil who names it and may erase an account.
 */
import type { GuardianPupilSummary } from '@eav/contract';
import { Alert, App, Button, Card, Descriptions, Empty, Form, Popconfirm, Tag } from 'antd';
import { useState } from 'react';
import { errorMessage } from '@/lib/error-message';
import { openGuardianAccess, useGuardianPupils } from '../api/guardian';
import { PhoneCaptchaSmsFields } from '../components/auth-fields';
import { eventLabel, guardianTime } from './guardian-text';
import styles from './guardian.module.css';

interface Values {
  phone: string;
  smsCode: string;
  smsTicket?: string;
}

export function GuardianAccess() {
  const [token, setToken] = useState<string | null>(null);
  return token ? <GuardianPupils token={token} onExpired={() => setToken(null)} /> : <Verify onToken={setToken} />;
}

function Verify({ onToken }: { onToken: (token: string) => void }) {
  const [form] = Form.useForm<Values>();
  const [formError, setFormError] = useState('');
  const [pending, setPending] = useState(false);
  const submit = async (v: Values) => {
    setFormError('');
    if (!v.smsTicket) return form.setFields([{ name: 'smsCode', errors: ['请先获取短信验证码'] }]);
    setPending(true);
    try {
      onToken((await openGuardianAccess({ phone: v.phone.trim(), smsCode: v.smsCode, smsTicket: v.smsTicket })).token);
    } catch (error) {
      setFormError(errorMessage(error, '验证失败，请稍后重试'));
    } finally {
      setPending(false);
    }
  };
  return (
    <div className={styles.steps}>
      <p className={styles.lead}>
        孩子注册时已由您通过短信验证同意的，请输入当时验证的监护人手机号。验证后可查看孩子账号中保存的信息，并可申请删除账号。
      </p>
      <Form form={form} onFinish={submit} requiredMark={false} data-testid="guardian-access-form">
        <PhoneCaptchaSmsFields purpose="guardian_access" phonePlaceholder="监护人手机号" onFormError={setFormError} />
        {formError && <Alert type="error" showIcon title={formError} className={styles.error} />}
        <Button type="primary" htmlType="submit" size="large" block loading={pending}>
          验证并查看
        </Button>
      </Form>
    </div>
  );
}

function GuardianPupils({ token, onExpired }: { token: string; onExpired: () => void }) {
  const { pupils, erase } = useGuardianPupils(token);
  const { message } = App.useApp();
  if (pupils.error)
    return (
      <Alert
        type="error"
        showIcon
        title={errorMessage(pupils.error)}
        action={<Button onClick={onExpired}>重新验证</Button>}
      />
    );
  if (!pupils.data) return null;
  const remove = async (p: GuardianPupilSummary) => {
    try {
      await erase.mutateAsync(p.userId);
      void message.success(`账号 ${p.userName} 已注销，个人信息已删除或匿名化`);
    } catch (error) {
      void message.error(errorMessage(error, '删除失败，请稍后重试'));
    }
  };
  return (
    <div className={styles.pupils}>
      <p className={styles.lead}>
        监护人手机号 <strong>{pupils.data.guardianPhone}</strong>，以下为以该号码作为监护人的学生账号。
      </p>
      {pupils.data.pupils.length === 0 && <Empty description="没有以该手机号作为监护人的学生账号" />}
      {pupils.data.pupils.map((p) => (
        <Card
          key={p.userId}
          title={`学生账号：${p.userName}`}
          className={styles.card}
          extra={
            <Popconfirm
              title="确定注销并删除该账号？"
              description="账号中的个人信息将被删除或匿名化，且无法恢复。"
              okText="确定删除"
              cancelText="取消"
              okButtonProps={{ danger: true }}
              onConfirm={() => remove(p)}
            >
              <Button danger loading={erase.isPending && erase.variables === p.userId}>
                删除该账号
              </Button>
            </Popconfirm>
          }
        >
          <Descriptions column={2} size="small" bordered styles={{ label: { whiteSpace: 'nowrap' } }}>
            <Descriptions.Item label="用户名">{p.userName}</Descriptions.Item>
            <Descriptions.Item label="注册手机号">{p.phone ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="出生年份">{p.birthYear ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="注册时间">{guardianTime(p.createdAt)}</Descriptions.Item>
            <Descriptions.Item label="真实姓名">{p.realName ?? '未填写'}</Descriptions.Item>
            <Descriptions.Item label="学校">{p.school ?? '未填写'}</Descriptions.Item>
            <Descriptions.Item label="地区">{p.region ?? '未填写'}</Descriptions.Item>
            <Descriptions.Item label="头像">{p.hasAvatar ? '已上传' : '未上传'}</Descriptions.Item>
            <Descriptions.Item label="监护人同意">
              {guardianTime(p.guardianConsentedAt)} <Tag>版本 {p.guardianConsentVersion ?? '—'}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label="保存的记录">
              登录会话 {p.counts.sessions} 个，上传文件 {p.counts.files} 个，第三方账号 {p.counts.bindings} 个，操作记录{' '}
              {p.counts.auditEntries} 条
            </Descriptions.Item>
          </Descriptions>
          <h3 className={styles.activityTitle}>最近的账号操作</h3>
          <ul className={styles.activity}>
            {p.recentActivity.map((a, i) => (
              <li key={i}>
                {eventLabel(a.event)}
                <span className={styles.time}>{guardianTime(a.at)}</span>
              </li>
            ))}
          </ul>
        </Card>
      ))}
      <p className={styles.note}>
        阅读记录、作业、活动积分等学习数据随账号一并删除；如需这些数据的副本，请通过《隐私政策》中的客服邮箱申请。
      </p>
    </div>
  );
}
