/**
 * One class of the teacher: join code with QR code (a phone scanning it lands on the H5 join page),
 * join switches (close joining, join mode, new code, archive), the members with approve / remove,
 * and the class's assignments with their progress.
 */
import type { ClassSummary } from '@eav/contract';
import { Alert, App, Button, Empty, Popconfirm, QRCode, Space, Switch, Table, Tag } from 'antd';
import { useClassAssignments } from '../../api/get-class-assignments';
import { useClassMembers } from '../../api/get-class-members';
import { useRenewClassCode } from '../../api/renew-class-code';
import { useUpdateClass } from '../../api/update-class';
import { useMemberAction } from '../../api/update-member';
import { errorMessage } from '@/lib/error-message';
import {
  ASSIGNMENT_KIND_LABELS,
  ASSIGNMENT_STATE_LABELS,
  JOIN_MODE_LABELS,
  MEMBER_STATUS_LABELS,
} from '../../lib/labels';
import { formatDateTime, joinLink } from '../../lib/responses';
import styles from './desktop.module.css';

export function ClassDetail({
  cls,
  onAssign,
  onReport,
}: {
  cls: ClassSummary;
  onAssign(): void;
  onReport(assignmentId?: number): void;
}) {
  const { message } = App.useApp();
  const members = useClassMembers(cls.id);
  const assignments = useClassAssignments(cls.id);
  const update = useUpdateClass(cls.id);
  const renew = useRenewClassCode(cls.id);
  const action = useMemberAction(cls.id);
  const archived = cls.status === 'archived';
  const fail = (e: unknown) => void message.error(errorMessage(e, '操作失败，请稍后重试'));

  return (
    <>
      <section className={styles.card} aria-labelledby="wt-class-title">
        <div className={styles.cardHead}>
          <div>
            <h2 id="wt-class-title" className={styles.cardTitle}>
              {cls.name} {archived && <Tag>已归档</Tag>}
            </h2>
            <span className={styles.muted}>
              {cls.school} · {cls.grade.name} · {cls.subject.name}
              {cls.edition ? ` · ${cls.edition.name}` : ''} · {cls.memberCount ?? 0} 名学生
            </span>
          </div>
          <Space wrap>
            <Button type="primary" onClick={onAssign} disabled={archived}>
              布置作业
            </Button>
            <Button onClick={() => onReport()}>学情报告</Button>
            <Popconfirm
              title={archived ? '恢复这个班级？' : '归档这个班级？'}
              description={archived ? '恢复后可以继续布置作业' : '归档后邀请码失效，班级只读，学期结束时使用'}
              okText={archived ? '恢复' : '归档'}
              cancelText="取消"
              onConfirm={() => update.mutate({ status: archived ? 'active' : 'archived' }, { onError: fail })}
            >
              <Button danger={!archived}>{archived ? '恢复班级' : '归档班级'}</Button>
            </Popconfirm>
          </Space>
        </div>
        {!archived && (
          <div style={{ display: 'flex', gap: 24, alignItems: 'center', flexWrap: 'wrap' }}>
            {cls.joinCode && cls.joinOpen ? (
              <div role="img" aria-label="班级二维码">
                {/* The canvas itself is decoration for assistive technology; the wrapper names it. */}
                <div aria-hidden="true">
                  <QRCode value={joinLink(cls.joinCode)} size={132} bordered={false} />
                </div>
              </div>
            ) : null}
            <div>
              <div className={styles.muted}>班级邀请码</div>
              <div className={styles.code} data-testid="class-code">
                {cls.joinCode}
              </div>
              <p className={styles.muted} style={{ margin: '4px 0 8px' }}>
                学生在“智慧教学”或手机“我的 &gt; 加入班级”中输入邀请码，或用手机扫描二维码加入。
              </p>
              <Space wrap>
                <span>
                  允许加入{' '}
                  <Switch
                    checked={cls.joinOpen}
                    loading={update.isPending}
                    onChange={(joinOpen) => update.mutate({ joinOpen }, { onError: fail })}
                    aria-label="允许学生加入"
                  />
                </span>
                <span>
                  需教师审核{' '}
                  <Switch
                    checked={cls.joinMode === 'approve'}
                    onChange={(on) => update.mutate({ joinMode: on ? 'approve' : 'auto' }, { onError: fail })}
                    aria-label={JOIN_MODE_LABELS.approve}
                  />
                </span>
                <Popconfirm
                  title="更换邀请码？"
                  description="旧邀请码和二维码将失效"
                  okText="更换"
                  cancelText="取消"
                  onConfirm={() => renew.mutate(undefined, { onError: fail })}
                >
                  <Button loading={renew.isPending}>更换邀请码</Button>
                </Popconfirm>
              </Space>
            </div>
          </div>
        )}
      </section>

      <section className={styles.card} aria-labelledby="wt-members">
        <div className={styles.cardHead}>
          <h2 id="wt-members" className={styles.cardTitle}>
            班级成员
          </h2>
          {(cls.pendingCount ?? 0) > 0 && <Tag color="#b25f00">{cls.pendingCount} 个加入申请待审核</Tag>}
        </div>
        {members.isError ? (
          <Alert type="error" showIcon title={errorMessage(members.error, '成员加载失败')} />
        ) : (
          <Table
            rowKey="userId"
            size="middle"
            loading={members.isPending}
            dataSource={members.data?.items ?? []}
            pagination={{ pageSize: 20, hideOnSinglePage: true }}
            locale={{ emptyText: <Empty description="还没有学生加入，把邀请码或二维码发给学生吧" /> }}
            columns={[
              { title: '姓名', dataIndex: 'name' },
              {
                title: '状态',
                dataIndex: 'status',
                render: (s: 'pending' | 'active') => (
                  <Tag color={s === 'pending' ? '#b25f00' : '#0f7b3f'}>{MEMBER_STATUS_LABELS[s]}</Tag>
                ),
              },
              { title: '加入时间', dataIndex: 'joinedAt', render: (t: string) => formatDateTime(t) },
              {
                title: '操作',
                key: 'op',
                render: (_, m) => (
                  <Space>
                    {m.status === 'pending' && (
                      <Button
                        size="small"
                        type="primary"
                        onClick={() => action.mutate({ userId: m.userId, action: 'approve' }, { onError: fail })}
                      >
                        通过
                      </Button>
                    )}
                    <Popconfirm
                      title={`将 ${m.name} 移出班级？`}
                      okText="移出"
                      cancelText="取消"
                      onConfirm={() => action.mutate({ userId: m.userId, action: 'remove' }, { onError: fail })}
                    >
                      <Button size="small" danger>
                        {m.status === 'pending' ? '拒绝' : '移出'}
                      </Button>
                    </Popconfirm>
                  </Space>
                ),
              },
            ]}
          />
        )}
      </section>

      <section className={styles.card} aria-labelledby="wt-class-assignments">
        <div className={styles.cardHead}>
          <h2 id="wt-class-assignments" className={styles.cardTitle}>
            已布置
          </h2>
        </div>
        <Table
          rowKey="id"
          size="middle"
          loading={assignments.isPending}
          dataSource={assignments.data?.items ?? []}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          locale={{ emptyText: <Empty description="还没有布置作业" /> }}
          columns={[
            {
              title: '标题',
              dataIndex: 'title',
              render: (t: string, a) => (
                <span>
                  <Tag>{ASSIGNMENT_KIND_LABELS[a.kind]}</Tag>
                  {t}
                </span>
              ),
            },
            {
              title: '状态',
              dataIndex: 'state',
              render: (s: keyof typeof ASSIGNMENT_STATE_LABELS) => ASSIGNMENT_STATE_LABELS[s],
            },
            { title: '截止', dataIndex: 'dueAt', render: (t: string) => formatDateTime(t) },
            {
              title: '提交',
              key: 'stats',
              render: (_, a) => (a.stats ? `${a.stats.submitted}/${a.stats.students}` : '—'),
            },
            {
              title: '待批改',
              key: 'toGrade',
              render: (_, a) => (a.stats?.toGrade ? <Tag color="#b25f00">{a.stats.toGrade}</Tag> : 0),
            },
            {
              title: '',
              key: 'op',
              render: (_, a) =>
                a.kind === 'homework' ? (
                  <Button size="small" type="link" onClick={() => onReport(a.id)}>
                    查看报告
                  </Button>
                ) : null,
            },
          ]}
        />
      </section>
    </>
  );
}
