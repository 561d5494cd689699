/**
 * `/digitalBook`: the digital textbook catalogue. Search box, cascading filter bar with counts,
 * 可在线阅读 switch (books with an electronic edition only), cover grid and pagination; every piece of
 * state lives in the URL query.
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { SearchOutlined } from '@ant-design/icons';
import { Button, Checkbox, Empty, Input, Pagination, Tag } from 'antd';
import { paths } from '@/config/paths';
import { useTextbookFacets } from '../api/get-textbook-facets';
import { useTextbooks } from '../api/get-textbooks';
import { useCatalogueFilters } from '../hooks/use-catalogue-filters';
import {
  CASCADE,
  CATALOGUE_PAGE_SIZE,
  DIMENSION_LABELS,
  hasActiveFilters,
  idKey,
  selectDimension,
  toFacetQuery,
  toListQuery,
  withKeyword,
  withReadable,
} from '../lib/filters';
import { FilterBar } from './filter-bar';
import { QueryError } from '@/components/errors/query-error';
import { TextbookCard, TextbookCardSkeleton } from './textbook-card';
import styles from './textbooks.module.css';
import { usePageLinks } from '@/components/ui/page-links';

export function Catalogue() {
  const pageLinks = usePageLinks();
  const [filters, setFilters] = useCatalogueFilters();
  const facets = useTextbookFacets(toFacetQuery(filters));
  const list = useTextbooks(toListQuery(filters));
  const [keywordInput, setKeywordInput] = useState(filters.keyword ?? '');

  // Back/forward and shared links change the URL: keep the box in step.
  useEffect(() => setKeywordInput(filters.keyword ?? ''), [filters.keyword]);

  const total = list.data?.total ?? facets.data?.total;
  const nameOf = (dim: (typeof CASCADE)[number]) => {
    const id = filters[idKey(dim)];
    return id === undefined ? undefined : (facets.data?.[dim].find((v) => v.id === id)?.name ?? '…');
  };

  const changePage = (page: number) => {
    setFilters({ ...filters, page });
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  return (
    <div className={styles.page}>
      <section className={styles.hero}>
        <div className={styles.heroInner}>
          <h1 className={styles.heroTitle}>数字教材</h1>
          <p className={styles.heroSub}>覆盖小学、初中、高中各学科主流版本，在线阅读、激活使用、随时续读</p>
          <form
            className={styles.heroSearch}
            role="search"
            onSubmit={(e) => {
              e.preventDefault();
              setFilters(withKeyword(filters, keywordInput));
            }}
          >
            <Input
              size="large"
              allowClear
              value={keywordInput}
              maxLength={50}
              placeholder="搜索教材名称，如：数学七年级上册、选择性必修"
              prefix={<SearchOutlined />}
              aria-label="搜索教材"
              onChange={(e) => setKeywordInput(e.target.value)}
              // Clearing with the × button searches at once.
              onClear={() => setFilters(withKeyword(filters, ''))}
            />
            <Button size="large" type="primary" htmlType="submit">
              搜索
            </Button>
          </form>
        </div>
      </section>

      <div className={styles.container}>
        <FilterBar
          facets={facets.data}
          filters={filters}
          loading={facets.isFetching}
          onSelect={(dim, value) => setFilters(selectDimension(filters, dim, value))}
        />

        <div className={styles.resultBar}>
          {/* The heading of the result list: the cards' titles are its h3s. */}
          <h2 className={styles.resultCount} data-testid="result-count">
            {total === undefined ? (
              '正在查找教材…'
            ) : (
              <>
                共 <strong>{total}</strong> 本教材
              </>
            )}
          </h2>
          <Checkbox
            checked={!!filters.readable}
            onChange={(e) => setFilters(withReadable(filters, e.target.checked))}
            data-testid="readable-filter"
          >
            可在线阅读
            {facets.data && !filters.readable ? (
              <span className={styles.filterCount}>{facets.data.readable}</span>
            ) : null}
          </Checkbox>
          {hasActiveFilters(filters) && (
            <span className={styles.activeFilters}>
              {CASCADE.filter((d) => filters[idKey(d)] !== undefined).map((d) => (
                <Tag
                  key={d}
                  closable
                  onClose={(e) => (e.preventDefault(), setFilters(selectDimension(filters, d, undefined)))}
                >
                  {DIMENSION_LABELS[d]}：{nameOf(d)}
                </Tag>
              ))}
              {filters.keyword && (
                <Tag closable onClose={(e) => (e.preventDefault(), setFilters(withKeyword(filters, '')))}>
                  关键词：{filters.keyword}
                </Tag>
              )}
              <Button type="link" size="small" onClick={() => setFilters({ page: 1 })}>
                清空条件
              </Button>
            </span>
          )}
        </div>

        {list.isError && !list.data ? (
          <QueryError error={list.error} onRetry={() => void list.refetch()} title="教材列表加载失败" />
        ) : !list.data ? (
          <div className={styles.grid} aria-busy>
            {Array.from({ length: 10 }, (_, i) => (
              <TextbookCardSkeleton key={i} />
            ))}
          </div>
        ) : list.data.items.length === 0 ? (
          <Empty
            className={styles.empty}
            description={
              filters.readable && !filters.keyword
                ? '当前条件下暂无可在线阅读的教材，试试调整筛选条件'
                : filters.keyword
                  ? `没有找到与“${filters.keyword}”相关的教材，换个关键词试试`
                  : '当前条件下暂无教材，试试调整筛选条件'
            }
          >
            {hasActiveFilters(filters) && (
              <Button type="primary" onClick={() => setFilters({ page: 1 })}>
                查看全部教材
              </Button>
            )}
          </Empty>
        ) : (
          <>
            <div
              className={`${styles.grid} ${list.isPlaceholderData ? styles.gridStale : ''}`}
              data-testid="textbook-grid"
              aria-busy={list.isPlaceholderData}
            >
              {list.data.items.map((book, i) => (
                <TextbookCard key={book.id} book={book} eager={i < 10} />
              ))}
            </div>
            {list.data.total > CATALOGUE_PAGE_SIZE && (
              <Pagination
                itemRender={pageLinks}
                className={styles.pagination}
                align="center"
                current={filters.page}
                pageSize={CATALOGUE_PAGE_SIZE}
                total={list.data.total}
                showSizeChanger={false}
                showQuickJumper={list.data.total > CATALOGUE_PAGE_SIZE * 5}
                showTotal={(t) => `共 ${t} 本`}
                onChange={changePage}
              />
            )}
          </>
        )}
        <p className={styles.footNote}>
          已激活的教材可在 <Link to={paths.myBook}>我的教材</Link> 中继续阅读。
        </p>
      </div>
    </div>
  );
}
