/**
 * One user in the console: account, bindings of third-party logins, live sessions; actions by role —
 * 解除锁定 and 结束会话 (support, admin), 停用/启用, 后台角色 and 重置二次验证 of another admin's enrolled
 * second factor (admin). Destructive ones ask first.
 */
import { CONSOLE_ROLE_LABELS, CONSOLE_ROLES, isConsoleRole, roleLabel, type ConsoleRole } from '@eav/contract';
import { Alert, App, Button, Checkbox, Descriptions, Drawer, List, Skeleton, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useAdminMe } from '../api/admin-me';
import { useUser } from '../api/user';
import {
  endUserSessions,
  resetUserMfa,
  setUserRoles,
  setUserStatus,
  unlockUser,
  useUserAction,
} from '../api/user-actions';
import { errorText } from '../lib/console-error';
import { USER_STATUS_LABELS } from '../lib/labels';
import styles from './console.module.css';
import { beijingDateTime } from '@/lib/beijing-format';

const PROVIDERS: Record<string, string> = { wechat: '微信', zjer: '之江汇', educube: '教育魔方' };
const time = (iso: string | null) => beijingDateTime(iso);

export function UserDrawer({
  userId,
  isAdmin,
  onClose,
}: {
  userId: number | null;
  isAdmin: boolean;
  onClose: () => void;
}) {
  const { modal, message } = App.useApp();
  const user = useUser(userId);
  const unlock = useUserAction(unlockUser);
  const end = useUserAction(endUserSessions);
  const status = useUserAction((a: { id: number; status: 'active' | 'disabled' }) => setUserStatus(a.id, a.status));
  const roles = useUserAction((a: { id: number; roles: ConsoleRole[] }) => setUserRoles(a.id, a.roles));
  const resetMfa = useUserAction(resetUserMfa);
  const me = useAdminMe(true).data;
  const [wanted, setWanted] = useState<ConsoleRole[]>([]);
  const u = user.data;
  useEffect(() => setWanted((u?.roles ?? []).filter(isConsoleRole)), [u]);

  const done = (text: string) => () => void message.success(text);
  const fail = (e: unknown) => void message.error(errorText(e));
  const ask = (title: string, content: string, run: () => Promise<unknown>, danger = true) =>
    modal.confirm({
      title,
      content,
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger },
      onOk: () => run().catch(fail),
    });

  return (
    <Drawer open={userId !== null} onClose={onClose} size="large" title={u ? `用户：${u.userName}` : '用户详情'}>
      {user.isPending && <Skeleton active />}
      {user.isError && <Alert type="error" showIcon title={errorText(user.error)} />}
      {u && (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label="编号">{u.userId}</Descriptions.Item>
            <Descriptions.Item label="手机号">{u.phone ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="姓名">{u.realName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="学校">{u.school ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="身份">{roleLabel(u.identity)}</Descriptions.Item>
            <Descriptions.Item label="状态">
              {USER_STATUS_LABELS[u.status] ?? u.status}
              {u.lockedUntil && (
                <Tag color="red" style={{ marginLeft: 8 }}>
                  锁定至 {time(u.lockedUntil)}
                </Tag>
              )}
            </Descriptions.Item>
            <Descriptions.Item label="登录中的会话">{u.activeSessions}</Descriptions.Item>
            <Descriptions.Item label="后台动态验证码">{u.mfaEnrolled ? '已绑定' : '未绑定'}</Descriptions.Item>
            <Descriptions.Item label="注册时间">{time(u.createdAt)}</Descriptions.Item>
          </Descriptions>
          <div>
            <Typography.Title level={2} style={{ fontSize: 16 }}>
              第三方登录绑定
            </Typography.Title>
            <List
              size="small"
              bordered
              locale={{ emptyText: <span className={styles.emptyText}>未绑定第三方账号</span> }}
              dataSource={u.bindings}
              renderItem={(b) => (
                <List.Item>
                  {PROVIDERS[b.provider] ?? b.provider}（绑定于 {time(b.boundAt)}）
                </List.Item>
              )}
            />
          </div>
          <Space wrap>
            {u.lockedUntil && (
              <Button
                loading={unlock.isPending}
                onClick={() => unlock.mutateAsync(u.userId).then(done('已解除锁定'), fail)}
              >
                解除锁定
              </Button>
            )}
            <Button
              danger
              disabled={u.activeSessions === 0}
              onClick={() =>
                ask('结束该用户的全部会话？', '该用户在所有设备上立即退出登录。', () =>
                  end.mutateAsync(u.userId).then(done('已结束全部会话')),
                )
              }
            >
              结束会话
            </Button>
            {isAdmin && u.status !== 'cancelled' && (
              <Button
                danger={u.status === 'active'}
                onClick={() =>
                  u.status === 'active'
                    ? ask('停用该账号？', '停用后该账号立即退出登录，且无法再登录。', () =>
                        status.mutateAsync({ id: u.userId, status: 'disabled' }).then(done('已停用')),
                      )
                    : ask(
                        '启用该账号？',
                        '启用后该账号可以重新登录。',
                        () => status.mutateAsync({ id: u.userId, status: 'active' }).then(done('已启用')),
                        false,
                      )
                }
              >
                {u.status === 'active' ? '停用账号' : '启用账号'}
              </Button>
            )}
            {isAdmin && u.mfaEnrolled && u.userId !== me?.userId && (
              <Button
                danger
                loading={resetMfa.isPending}
                onClick={() =>
                  ask(
                    '重置该用户的二次验证？',
                    '将删除其动态验证码和恢复码，并立即结束其全部会话；该用户下次登录后台时需重新绑定动态验证码。',
                    () => resetMfa.mutateAsync(u.userId).then(done('已重置二次验证')),
                  )
                }
              >
                重置二次验证
              </Button>
            )}
          </Space>
          {isAdmin && (
            <div>
              <Typography.Title level={2} style={{ fontSize: 16 }}>
                后台角色
              </Typography.Title>
              <Checkbox.Group
                aria-label="后台角色"
                value={wanted}
                onChange={(v) => setWanted(v as ConsoleRole[])}
                options={CONSOLE_ROLES.map((r) => ({ value: r, label: CONSOLE_ROLE_LABELS[r] }))}
              />
              <div style={{ marginTop: 12 }}>
                <Button
                  type="primary"
                  loading={roles.isPending}
                  onClick={() =>
                    ask(
                      '保存后台角色？',
                      `将设置为：${wanted.map((r) => CONSOLE_ROLE_LABELS[r]).join('、') || '无后台角色'}`,
                      () => roles.mutateAsync({ id: u.userId, roles: wanted }).then(done('角色已保存')),
                      false,
                    )
                  }
                >
                  保存角色
                </Button>
              </div>
            </div>
          )}
        </Space>
      )}
    </Drawer>
  );
}
