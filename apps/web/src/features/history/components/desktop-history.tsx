/**
 * Desktop 浏览记录 (`/user/history`, in the user centre): what the user opened (textbooks read,
 * resources previewed, lesson videos played, papers opened), newest first in numbered pages, each
 * title opening its item again on the desktop site, and 清空 after a confirmation. Same API as the
 * H5 page (`api/get-history.ts`). antd only.
 */
import { BROWSE_KIND_LABELS, type BrowseHistoryItem, type BrowseKind } from '@eav/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Empty, Popconfirm, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Link } from 'react-router';
import { QueryError } from '@/components/errors/query-error';
import { beijingFormat } from '@/lib/beijing-format';
import { errorMessage } from '@/lib/error-message';
import { useClearHistory } from '../api/clear-history';
import { HISTORY_PAGE_SIZE, historyPageQueryOptions } from '../api/get-history';
import { desktopHistoryHref } from '../lib/history-link';
import styles from './desktop-history.module.css';

const KIND_COLORS: Record<BrowseKind, string> = {
  textbook: 'blue',
  resource: 'green',
  video: 'purple',
  paper: 'orange',
};

const COLUMNS: ColumnsType<BrowseHistoryItem> = [
  {
    title: '类型',
    dataIndex: 'kind',
    width: 96,
    render: (kind: BrowseKind) => <Tag color={KIND_COLORS[kind]}>{BROWSE_KIND_LABELS[kind]}</Tag>,
  },
  {
    title: '名称',
    dataIndex: 'title',
    ellipsis: true,
    render: (title: string, item) => (
      <Link to={desktopHistoryHref(item)} className={styles.title}>
        {title}
      </Link>
    ),
  },
  {
    title: '浏览时间',
    dataIndex: 'viewedAt',
    width: 168,
    render: (at: string) => <time dateTime={at}>{beijingFormat(at, 'YYYY/MM/DD HH:mm')}</time>,
  },
];

/** The card of the user centre's 浏览记录 page for `userId` (the page checks the session). */
export function DesktopHistory({
  userId,
  cardClassName,
  headClassName,
  titleClassName,
}: {
  userId: number;
  /** The user centre's card classes, so the page looks like its neighbours. */
  cardClassName?: string;
  headClassName?: string;
  titleClassName?: string;
}) {
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const list = useQuery(historyPageQueryOptions(userId, page));
  const clear = useClearHistory(userId);
  const total = list.data?.total ?? 0;
  const onClear = () =>
    clear.mutate(undefined, {
      onSuccess: () => {
        setPage(1);
        void message.success('浏览记录已清空');
      },
      onError: (e) => void message.error(errorMessage(e)),
    });

  return (
    <section className={cardClassName} aria-labelledby="history-title">
      <div className={headClassName}>
        <h2 className={titleClassName} id="history-title">
          浏览记录
        </h2>
        <Popconfirm
          title="清空全部浏览记录？"
          description="清空后无法恢复。"
          okText="确认清空"
          cancelText="取消"
          okButtonProps={{ danger: true }}
          onConfirm={onClear}
          disabled={total === 0}
        >
          <Button disabled={total === 0} loading={clear.isPending} data-testid="history-clear">
            清空记录
          </Button>
        </Popconfirm>
      </div>
      <p className={styles.hint}>阅读的教材、预览的资源、观看的视频和打开的试卷会记在这里，点击名称可再次打开。</p>
      {list.isError && !list.data ? (
        <QueryError error={list.error} onRetry={() => void list.refetch()} title="浏览记录加载失败" />
      ) : (
        <Table<BrowseHistoryItem>
          data-testid="history-table"
          rowKey={(item) => `${item.kind}-${item.itemId}`}
          columns={COLUMNS}
          dataSource={list.data?.items ?? []}
          loading={list.isPending || (list.isPlaceholderData && list.isFetching)}
          locale={{ emptyText: <Empty description="暂无浏览记录" /> }}
          pagination={{
            current: page,
            pageSize: HISTORY_PAGE_SIZE,
            total,
            hideOnSinglePage: true,
            showSizeChanger: false,
            showTotal: (n) => `共 ${n} 条`,
            onChange: setPage,
          }}
        />
      )}
    </section>
  );
}
