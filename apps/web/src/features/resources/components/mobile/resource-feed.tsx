/** An endless H5 list of resources for a search query (下载专区, 浏览). antd-mobile only. */
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button, DotLoading, ErrorBlock, InfiniteScroll } from 'antd-mobile';
import { errorMessage } from '@/lib/error-message';
import { searchResources, type ResourceSearchParams } from '../../api/search-resources';
import { MobileResourceItem } from './mobile-resource-item';
import styles from './mobile.module.css';

const PAGE_SIZE = 20;

export function ResourceFeedList({ query, empty }: { query: ResourceSearchParams; empty: string }) {
  const list = useInfiniteQuery({
    queryKey: ['resources', 'h5', query],
    queryFn: ({ pageParam }) => searchResources({ ...query, page: pageParam, pageSize: PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  if (list.isError && !list.data)
    return (
      <ErrorBlock status="disconnected" title="加载失败" description={errorMessage(list.error)}>
        <Button color="primary" onClick={() => void list.refetch()}>
          重试
        </Button>
      </ErrorBlock>
    );
  if (!list.data)
    return (
      <div className={styles.loading}>
        加载中 <DotLoading />
      </div>
    );
  if (items.length === 0) return <ErrorBlock status="empty" title={empty} description="" />;
  return (
    <>
      <p className={styles.hint}>共 {list.data.pages[0]!.total} 个资源</p>
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} data-testid="h5-resource-list">
        {items.map((r) => (
          <MobileResourceItem key={r.id} resource={r} />
        ))}
      </ul>
      <InfiniteScroll loadMore={async () => void (await list.fetchNextPage())} hasMore={!!list.hasNextPage} />
    </>
  );
}
