/**
 * `/mobileH5/textbook`: the H5 bookstore. Search, stage tabs (with counts) and an endless list of
 * books; state (stageId, keyword) in the URL. Tapping a book opens `/mobileH5/browseBook?id=`.
 */
import { useEffect, useMemo, useState, type CSSProperties } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useInfiniteQuery } from '@tanstack/react-query';
import { ErrorBlock, InfiniteScroll, SearchBar, Skeleton, Tabs, Tag, Button } from 'antd-mobile';
import { TEXTBOOK_ACCESS_LABELS } from '@eav/contract';
import { paths } from '@/config/paths';
import { getTextbooks } from '../../api/get-textbooks';
import { useTextbookFacets } from '../../api/get-textbook-facets';
import { errorMessage } from '@/lib/error-message';
import { MobileCover } from './mobile-cover';
import styles from './mobile.module.css';

const PAGE_SIZE = 20;

const SKELETON_ROW = { '--height': '120px', '--border-radius': '12px' } as CSSProperties;

export function MobileBookstore() {
  const [search, setSearch] = useSearchParams();
  const stageId = Number(search.get('stageId')) || undefined;
  const keyword = search.get('keyword')?.trim() || undefined;
  const [input, setInput] = useState(keyword ?? '');
  useEffect(() => setInput(keyword ?? ''), [keyword]);
  const facets = useTextbookFacets({ keyword });
  const stages = useMemo(() => (facets.data?.stage ?? []).filter((s) => s.count > 0), [facets.data]);

  const list = useInfiniteQuery({
    queryKey: ['textbooks', 'h5', stageId, keyword],
    queryFn: ({ pageParam }) => getTextbooks({ stageId, keyword, page: pageParam, pageSize: PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const total = list.data?.pages[0]?.total;

  const update = (patch: { stageId?: number; keyword?: string }) => {
    const next = new URLSearchParams();
    const s = 'stageId' in patch ? patch.stageId : stageId;
    const k = 'keyword' in patch ? patch.keyword : keyword;
    if (s) next.set('stageId', String(s));
    if (k) next.set('keyword', k);
    setSearch(next, { replace: true });
  };

  return (
    <div className={styles.page}>
      <div className={styles.sticky}>
        <div className={styles.search}>
          <SearchBar
            placeholder="搜索教材名称"
            value={input}
            onChange={setInput}
            onSearch={(v) => update({ keyword: v.trim() || undefined })}
            onClear={() => update({ keyword: undefined })}
            maxLength={50}
          />
        </div>
        <Tabs
          activeKey={String(stageId ?? 'all')}
          onChange={(k) => update({ stageId: k === 'all' ? undefined : Number(k) })}
        >
          <Tabs.Tab key="all" title="全部" />
          {stages.map((s) => (
            <Tabs.Tab key={String(s.id)} title={s.name} />
          ))}
        </Tabs>
      </div>
      {list.isError && items.length === 0 ? (
        <ErrorBlock status="disconnected" title="加载失败" description={errorMessage(list.error)}>
          <Button color="primary" onClick={() => void list.refetch()}>
            重新加载
          </Button>
        </ErrorBlock>
      ) : list.isPending ? (
        <div className={styles.list}>
          {[0, 1, 2, 3].map((i) => (
            // Sized through antd-mobile's CSS variables: its own stylesheet may load after ours.
            <Skeleton key={i} animated style={SKELETON_ROW} />
          ))}
        </div>
      ) : items.length === 0 ? (
        <ErrorBlock
          status="empty"
          title="暂无教材"
          description={keyword ? `没有找到与“${keyword}”相关的教材` : '当前学段暂无教材'}
        />
      ) : (
        <div className={styles.list} data-testid="h5-book-list">
          {total !== undefined && <span className={styles.rowMeta}>共 {total} 本教材</span>}
          {items.map((b) => (
            <Link key={b.id} to={`${paths.mobile.browseBook}?id=${b.id}`} className={styles.row}>
              <div className={styles.rowCover}>
                <MobileCover id={b.id} coverUrl={b.coverUrl} title={b.title} />
              </div>
              <div className={styles.rowText}>
                <h3 className={styles.rowTitle}>{b.title}</h3>
                <span className={styles.rowMeta}>
                  {b.edition.name}
                  {[b.grade?.name, b.volume?.name].filter(Boolean).length
                    ? ` · ${[b.grade?.name, b.volume?.name].filter(Boolean).join(' ')}`
                    : ''}
                </span>
                <span className={styles.rowMeta}>{b.publisher?.name ?? '出版社未注明'}</span>
                <div className={styles.badges}>
                  <Tag
                    color={b.access === 'public' ? 'success' : b.access === 'login' ? 'primary' : 'warning'}
                    fill="outline"
                  >
                    {TEXTBOOK_ACCESS_LABELS[b.access]}
                  </Tag>
                </div>
              </div>
            </Link>
          ))}
          <InfiniteScroll
            loadMore={async () => void (await list.fetchNextPage({ throwOnError: true }))}
            hasMore={!!list.hasNextPage}
          >
            {list.hasNextPage ? '加载中…' : '没有更多了'}
          </InfiniteScroll>
        </div>
      )}
    </div>
  );
}
