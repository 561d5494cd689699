/** The student's 我的作业 list and 我的班级 with join by code (desktop). */
import type { MyAssignmentTab } from '@eav/contract';
import { Alert, App, Button, Empty, Input, Segmented, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { errorMessage } from '@/lib/error-message';
import { useClasses } from '../../api/get-classes';
import { useMyAssignments } from '../../api/get-my-assignments';
import { useJoinClass } from '../../api/join-class';
import {
  ASSIGNMENT_KIND_LABELS,
  MEMBER_STATUS_LABELS,
  SUBMISSION_STATUS_COLORS,
  SUBMISSION_STATUS_LABELS,
} from '../../lib/labels';
import { dueHint, formatDateTime, formatScore } from '../../lib/responses';
import styles from './desktop.module.css';

export function MyHomework({ onOpen }: { onOpen(id: number): void }) {
  const [tab, setTab] = useState<MyAssignmentTab>('todo');
  const [page, setPage] = useState(1);
  const q = useMyAssignments({ tab, page, pageSize: 20 });
  return (
    <section className={styles.card} aria-labelledby="wt-my-homework">
      <div className={styles.cardHead}>
        <h2 id="wt-my-homework" className={styles.cardTitle}>
          我的作业
        </h2>
        <Segmented
          value={tab}
          onChange={(v) => {
            setTab(v as MyAssignmentTab);
            setPage(1);
          }}
          options={[
            { value: 'todo', label: '待完成' },
            { value: 'submitted', label: '已提交' },
            { value: 'graded', label: '已批改' },
          ]}
        />
      </div>
      {q.isError ? (
        <Alert type="error" showIcon title={errorMessage(q.error, '作业加载失败')} />
      ) : (
        <Table
          rowKey="id"
          loading={q.isPending}
          dataSource={q.data?.items ?? []}
          locale={{ emptyText: <Empty description={tab === 'todo' ? '没有待完成的作业' : '这里还没有作业'} /> }}
          pagination={{ current: page, pageSize: 20, total: q.data?.total, hideOnSinglePage: true, onChange: setPage }}
          columns={[
            {
              title: '作业',
              dataIndex: 'title',
              render: (t: string, a) => (
                <span>
                  <Tag>{ASSIGNMENT_KIND_LABELS[a.kind]}</Tag>
                  {t}
                </span>
              ),
            },
            { title: '班级', dataIndex: 'className' },
            {
              title: '截止',
              dataIndex: 'dueAt',
              render: (d: string, a) =>
                `${formatDateTime(d)}${tab === 'todo' ? `（${dueHint(d)}${a.allowLate ? '，可补交' : ''}）` : ''}`,
            },
            {
              title: '状态',
              key: 'status',
              render: (_, a) => {
                const s = a.myStatus ?? 'notStarted';
                return <Tag color={SUBMISSION_STATUS_COLORS[s]}>{SUBMISSION_STATUS_LABELS[s]}</Tag>;
              },
            },
            {
              title: '得分',
              key: 'score',
              render: (_, a) => (a.myScore == null ? '—' : `${formatScore(a.myScore)} / ${formatScore(a.maxScore)}`),
            },
            {
              title: '',
              key: 'op',
              render: (_, a) => (
                <Button type={tab === 'todo' ? 'primary' : 'link'} onClick={() => onOpen(a.id)} data-testid="open-work">
                  {tab === 'todo' ? '去完成' : '查看'}
                </Button>
              ),
            },
          ]}
        />
      )}
    </section>
  );
}

export function MyClasses() {
  const { message } = App.useApp();
  const classes = useClasses();
  const join = useJoinClass();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    setError(null);
    join.mutate(code, {
      onSuccess: (r) => {
        setCode('');
        void message.success(
          r.status === 'active' ? `已加入「${r.class.name}」` : `已申请加入「${r.class.name}」，等待老师审核`,
        );
      },
      onError: (e) => setError(errorMessage(e, '加入失败')),
    });
  };
  return (
    <section className={styles.card} aria-labelledby="wt-my-classes">
      <div className={styles.cardHead}>
        <h2 id="wt-my-classes" className={styles.cardTitle}>
          我的班级
        </h2>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Space.Compact>
            <Input
              aria-label="班级邀请码"
              placeholder="输入 6 位邀请码"
              maxLength={6}
              value={code}
              onChange={(e) => setCode(e.target.value.toUpperCase())}
              style={{ width: 180, letterSpacing: 2 }}
            />
            <Button type="primary" htmlType="submit" loading={join.isPending} disabled={code.trim().length !== 6}>
              加入班级
            </Button>
          </Space.Compact>
        </form>
      </div>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      {classes.isError ? (
        <Alert type="error" showIcon title={errorMessage(classes.error, '班级加载失败')} />
      ) : (
        <Table
          rowKey="id"
          loading={classes.isPending}
          dataSource={classes.data?.items ?? []}
          pagination={false}
          locale={{ emptyText: <Empty description="还没有加入班级，向老师要邀请码吧" /> }}
          columns={[
            { title: '班级', dataIndex: 'name' },
            { title: '学校', dataIndex: 'school' },
            { title: '学科', key: 'subject', render: (_, c) => `${c.grade.name} · ${c.subject.name}` },
            { title: '老师', dataIndex: 'teacherName' },
            {
              title: '状态',
              key: 'st',
              render: (_, c) =>
                c.status === 'archived' ? (
                  <Tag>已归档</Tag>
                ) : c.myStatus ? (
                  <Tag color={c.myStatus === 'pending' ? '#b25f00' : '#0f7b3f'}>{MEMBER_STATUS_LABELS[c.myStatus]}</Tag>
                ) : null,
            },
          ]}
        />
      )}
    </section>
  );
}
