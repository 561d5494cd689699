/**
 * `/mobileH5/textbook`: the H5 bookstore. Search, stage tabs (with counts), the cascading filter
 * sheet (学科, 版本, 年级, 册次 with counts), the 可在线阅读 switch (books with an electronic edition
 * only) and an endless list of books; state in the URL with the
 * desktop catalogue's keys (lib/filters.ts), so a shared `/digitalBook?…` link maps onto it.
 * Tapping a book opens `/mobileH5/browseBook?id=`.
 */
import { useEffect, useMemo, useState, type CSSProperties } from 'react';
import { Link } from 'react-router';
import { useInfiniteQuery } from '@tanstack/react-query';
import { ErrorBlock, InfiniteScroll, SearchBar, Skeleton, Tag, Button } from 'antd-mobile';
import { TEXTBOOK_ACCESS_LABELS } from '@eav/contract';
import { H5Tabs } from '@/components/ui/h5-tabs';
import { paths } from '@/config/paths';
import { bookstoreQueryOptions } from '../../api/get-textbooks';
import { useTextbookFacets } from '../../api/get-textbook-facets';
import { useCatalogueFilters } from '../../hooks/use-catalogue-filters';
import { selectDimension, toFacetQuery, withKeyword, withReadable } from '../../lib/filters';
import { splitTitle } from '../../lib/title';
import { MobileFilterSheet, sheetFilterCount } from './mobile-filter-sheet';
import { errorMessage } from '@/lib/error-message';
import { MobileCover } from './mobile-cover';
import styles from './mobile.module.css';

/** Rows of the list a 375 × 667 screen shows below the filters. */
const FIRST_SCREEN_ROWS = 4;

const SKELETON_ROW = { '--height': '120px', '--border-radius': '12px' } as CSSProperties;

export function MobileBookstore() {
  const [filters, setFilters] = useCatalogueFilters();
  const { stageId, keyword, readable } = filters;
  const query = toFacetQuery(filters);
  const [input, setInput] = useState(keyword ?? '');
  const [sheetOpen, setSheetOpen] = useState(false);
  useEffect(() => setInput(keyword ?? ''), [keyword]);
  // Stage tabs count every stage, so their facets ignore the stage and the filters below it.
  const facets = useTextbookFacets({ keyword, readable });
  const stages = useMemo(() => (facets.data?.stage ?? []).filter((s) => s.count > 0), [facets.data]);
  const activeCount = sheetFilterCount(filters);

  const list = useInfiniteQuery(bookstoreQueryOptions(query));
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const total = list.data?.pages[0]?.total;

  return (
    <div className={styles.page}>
      {/* The tab bar names the page; screen readers get it as the page's heading. */}
      <h1 className="eav-visually-hidden">数字教材</h1>
      <div className={styles.sticky}>
        <div className={styles.search}>
          <SearchBar
            placeholder="搜索教材名称"
            value={input}
            onChange={setInput}
            onSearch={(v) => setFilters(withKeyword(filters, v))}
            onClear={() => setFilters(withKeyword(filters, ''))}
            maxLength={50}
            aria-label="搜索教材名称"
          />
        </div>
        <div className={styles.tabsRow}>
          <H5Tabs
            className={styles.tabs}
            label="学段"
            tabs={[{ key: 'all', title: '全部' }, ...stages.map((s) => ({ key: String(s.id), title: s.name }))]}
            activeKey={String(stageId ?? 'all')}
            onChange={(k) => setFilters(selectDimension(filters, 'stage', k === 'all' ? undefined : Number(k)))}
          />
          <button
            type="button"
            className={styles.filterButton}
            aria-haspopup="dialog"
            aria-pressed={activeCount > 0}
            onClick={() => setSheetOpen(true)}
            data-testid="h5-filter-button"
          >
            筛选{activeCount > 0 ? ` ${activeCount}` : ''}
          </button>
        </div>
      </div>
      <MobileFilterSheet
        visible={sheetOpen}
        filters={filters}
        onClose={() => setSheetOpen(false)}
        onApply={setFilters}
      />
      <div className={styles.listHead}>
        <button
          type="button"
          className={styles.chip}
          aria-pressed={!!readable}
          onClick={() => setFilters(withReadable(filters, !readable))}
          data-testid="h5-readable-filter"
        >
          可在线阅读
        </button>
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
          description={
            keyword
              ? `没有找到与“${keyword}”相关的教材`
              : readable
                ? '当前条件下暂无可在线阅读的教材'
                : '当前条件下暂无教材'
          }
        />
      ) : (
        <div className={styles.list} data-testid="h5-book-list">
          {total !== undefined && <span className={styles.rowMeta}>共 {total} 本教材</span>}
          {items.map((b, i) => (
            <Link key={b.id} to={`${paths.mobile.browseBook}?id=${b.id}`} className={styles.row}>
              <div className={styles.rowCover}>
                {/* The rows a phone shows without scrolling. */}
                <MobileCover id={b.id} coverUrl={b.coverUrl} title={b.title} eager={i < FIRST_SCREEN_ROWS} />
              </div>
              <div className={styles.rowText}>
                {splitTitle(b.title).series && <span className={styles.rowSeries}>{splitTitle(b.title).series}</span>}
                <h2 className={styles.rowTitle}>{splitTitle(b.title).name}</h2>
                <span className={styles.rowMeta}>
                  {b.edition.name}
                  {[b.grade?.name, b.volume?.name].filter(Boolean).length
                    ? ` · ${[b.grade?.name, b.volume?.name].filter(Boolean).join(' ')}`
                    : ''}
                </span>
                <span className={styles.rowMeta}>{b.publisher?.name ?? '出版社未注明'}</span>
                {/* A badge only on a book that can be read online: the others promise nothing. */}
                {b.hasFile && (
                  <div className={styles.badges}>
                    <Tag
                      color={b.access === 'public' ? 'success' : b.access === 'login' ? 'primary' : 'warning'}
                      fill="outline"
                    >
                      {TEXTBOOK_ACCESS_LABELS[b.access]}
                    </Tag>
                  </div>
                )}
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
