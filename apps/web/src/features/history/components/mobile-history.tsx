/**
 * H5 浏览记录 (`/mobileH5/history`): what the user opened (textbooks read, resources previewed, lesson
 * videos played, papers opened), newest first in an endless list, each row opening its item again,
 * and 清空 after a confirmation. Logged out, a prompt to log in. antd-mobile only.
 */
import { BROWSE_KIND_LABELS } from '@eav/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button, Dialog, DotLoading, ErrorBlock, InfiniteScroll, List, Tag, Toast } from 'antd-mobile';
import { LeftOutline } from 'antd-mobile-icons';
import { useNavigate } from 'react-router';
import { ROW_ACTION_ROW, RowLink } from '@/components/ui/row-action';
import { paths } from '@/config/paths';
import { beijingFormat } from '@/lib/beijing-format';
import { errorMessage } from '@/lib/error-message';
import { currentFullPath } from '@/lib/navigation';
import { useSession } from '@/stores/session';
import { useClearHistory } from '../api/clear-history';
import { historyQueryOptions } from '../api/get-history';
import { historyHref } from '../lib/history-link';
import styles from './history.module.css';

function HistoryList({ userId }: { userId: number }) {
  const list = useInfiniteQuery(historyQueryOptions(userId));
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  if (list.isPending)
    return (
      <div style={{ padding: 40, textAlign: 'center' }} aria-busy="true" aria-label="浏览记录加载中">
        <DotLoading />
      </div>
    );
  if (list.isError && items.length === 0)
    return (
      <ErrorBlock status="disconnected" title="浏览记录加载失败" description={errorMessage(list.error)}>
        <Button color="primary" onClick={() => void list.refetch()}>
          重新加载
        </Button>
      </ErrorBlock>
    );
  if (items.length === 0)
    return (
      <ErrorBlock
        status="empty"
        title="暂无浏览记录"
        description="阅读的教材、预览的资源、观看的视频和打开的试卷会记在这里"
      />
    );
  return (
    <>
      <List data-testid="history-list" aria-label="浏览记录">
        {items.map((item) => (
          <List.Item
            key={`${item.kind}-${item.itemId}`}
            className={ROW_ACTION_ROW}
            prefix={
              <Tag color="primary" fill="outline">
                {BROWSE_KIND_LABELS[item.kind]}
              </Tag>
            }
            description={<span className={styles.meta}>{beijingFormat(item.viewedAt, 'YYYY/MM/DD HH:mm')}</span>}
          >
            <RowLink to={historyHref(item)}>
              <span className={styles.title}>{item.title}</span>
            </RowLink>
          </List.Item>
        ))}
      </List>
      <InfiniteScroll
        loadMore={async () => void (await list.fetchNextPage({ throwOnError: true }))}
        hasMore={!!list.hasNextPage}
      >
        {list.hasNextPage ? '加载中…' : '没有更多了'}
      </InfiniteScroll>
    </>
  );
}

export function MobileHistory() {
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const clear = useClearHistory(user?.userId ?? 0);
  const back = () => (window.history.length > 1 ? void navigate(-1) : void navigate(paths.mobile.userCenter));
  const onClear = async () => {
    const confirmed = await Dialog.confirm({ content: '清空全部浏览记录？清空后无法恢复。', confirmText: '清空' });
    if (!confirmed) return;
    clear.mutate(undefined, {
      onSuccess: () => Toast.show({ content: '浏览记录已清空' }),
      onError: (e) => Toast.show({ content: errorMessage(e) }),
    });
  };
  return (
    <div className={styles.page}>
      <div className={styles.bar}>
        <button type="button" className={styles.barButton} onClick={back}>
          <LeftOutline aria-hidden /> 返回
        </button>
        <h1 className={styles.barTitle}>浏览记录</h1>
        {user ? (
          <button
            type="button"
            className={styles.barButton}
            onClick={() => void onClear()}
            disabled={clear.isPending}
            data-testid="history-clear"
          >
            清空
          </button>
        ) : (
          <span aria-hidden />
        )}
      </div>
      {user ? (
        <HistoryList userId={user.userId} />
      ) : (
        <section className={styles.prompt}>
          <h2>登录后查看浏览记录</h2>
          <Button
            color="primary"
            block
            onClick={() => navigate(`${paths.mobile.login}?redirect=${encodeURIComponent(currentFullPath())}`)}
          >
            登录
          </Button>
        </section>
      )}
    </div>
  );
}
