/**
 * 活动 (docs/console-content.md, Activities): prize activities with their state, a create/edit
 * drawer (locked once started) and the live figures of the chosen activity (participants, points,
 * draws, prizes left), asked again every 10 seconds. The list exports as Excel or CSV from the server.
 */
import { ApiPaths, type ActivityStatus, type AdminActivity } from '@eav/contract';
import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Skeleton, Statistic, Tag } from 'antd';
import { useState } from 'react';
import { ConsoleTable } from '@/components/console/console-table';
import { ExportButtons } from '@/components/export-buttons';
import { errorMessage } from '@/lib/error-message';
import { useActivityStats, useAdminActivities } from '../api/activities';
import { ActivityEditor } from './activity-editor';
import styles from './console.module.css';
import { ConsolePage } from '@/components/console/console-page';
import { beijingDateTime } from '@/lib/beijing-format';

const STATUS: Record<ActivityStatus, { label: string; color: string }> = {
  upcoming: { label: '未开始', color: 'blue' },
  running: { label: '进行中', color: 'green' },
  ended: { label: '已结束', color: 'default' },
};
const time = (iso: string) => beijingDateTime(iso);

function Figures({ activity }: { activity: AdminActivity }) {
  const stats = useActivityStats(activity.activityCode);
  return (
    <Card title={<h2 className={styles.subtitle}>实时数据：{activity.title}</h2>} aria-live="polite">
      {stats.isError ? (
        <Alert type="error" showIcon title={errorMessage(stats.error)} />
      ) : !stats.data ? (
        <Skeleton active paragraph={{ rows: 1 }} />
      ) : (
        <div className={styles.figures}>
          <Statistic title="参与人数" value={stats.data.participants} />
          <Statistic title="累计积分" value={stats.data.points} />
          <Statistic title="抽奖次数" value={stats.data.draws} />
          <Statistic title="剩余奖品" value={stats.data.prizesLeft} />
          <Statistic title="剩余参与奖" value={stats.data.participationLeft} />
        </div>
      )}
    </Card>
  );
}

export function ActivitiesConsole() {
  const list = useAdminActivities();
  const [editing, setEditing] = useState<AdminActivity | null | 'new'>(null);
  const [watching, setWatching] = useState<AdminActivity | null>(null);
  const shown = watching ?? list.data?.find((a) => a.status === 'running') ?? list.data?.[0] ?? null;

  return (
    <ConsolePage title="活动">
      {shown && <Figures activity={shown} />}
      <Card
        title={<h2 className={styles.subtitle}>有奖阅读活动</h2>}
        extra={
          <div className={styles.toolbar}>
            <ExportButtons url={ApiPaths.adminPrizeActivitiesExport} params={{}} label="活动" />
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing('new')}>
              新建活动
            </Button>
          </div>
        }
      >
        <ConsoleTable<AdminActivity>
          label="有奖阅读活动"
          query={list}
          pageSize={20}
          rowKey="activityCode"
          emptyText="还没有活动"
          totalUnit="个活动"
          columns={[
            { title: '编码', dataIndex: 'activityCode', width: 160 },
            { title: '名称', dataIndex: 'title' },
            {
              title: '状态',
              dataIndex: 'status',
              width: 90,
              filters: Object.entries(STATUS).map(([value, s]) => ({ text: s.label, value })),
              onFilter: (v, a) => a.status === v,
              render: (s: ActivityStatus) => <Tag color={STATUS[s].color}>{STATUS[s].label}</Tag>,
            },
            {
              title: '时间',
              key: 'time',
              width: 340,
              sorter: (a, b) => Date.parse(a.startAt) - Date.parse(b.startAt),
              render: (_, a) => `${time(a.startAt)} 至 ${time(a.endAt)}`,
            },
            { title: '推荐教材', key: 'books', width: 90, render: (_, a) => `${a.books.length} 本` },
            {
              title: '参与人数',
              dataIndex: 'participants',
              width: 90,
              sorter: (a, b) => a.participants - b.participants,
            },
            {
              title: '操作',
              key: 'actions',
              width: 190,
              render: (_, a) => (
                <div className={styles.actions}>
                  <Button
                    type="link"
                    onClick={() => setEditing(a)}
                    aria-label={`${a.status === 'upcoming' ? '编辑' : '查看'} ${a.title}`}
                  >
                    {a.status === 'upcoming' ? '编辑' : '查看'}
                  </Button>
                  <Button type="link" onClick={() => setWatching(a)} aria-label={`实时数据 ${a.title}`}>
                    实时数据
                  </Button>
                </div>
              ),
            },
          ]}
        />
      </Card>
      {editing && <ActivityEditor activity={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </ConsolePage>
  );
}
