/**
 * The right-hand side of 同步资源: the chosen chapter's published resources (with its sub-chapters),
 * by type with counts, newest or most downloaded first. A chapter without resources says so and
 * offers those of the nearest chapter that has some.
 */
import { Button, Empty, Pagination, Segmented, Skeleton, Tabs } from 'antd';
import type { ChapterTreeNode, ResourceSort, ResourceType } from '@eav/contract';
import { useResourceFacets } from '../api/get-resource-facets';
import { useNearestResources } from '../api/get-nearest-resources';
import { useResourceSearch } from '../api/search-resources';
import { TYPE_LABELS, TYPE_ORDER } from '../lib/labels';
import { ResourceItem } from './resource-item';
import { QueryError } from '@/components/errors/query-error';
import styles from './resources.module.css';
import { usePageLinks } from '@/components/ui/page-links';

export const CHAPTER_PAGE_SIZE = 10;

interface Props {
  textbookId: number;
  chapter: ChapterTreeNode | undefined;
  /** Titles from the root to the chapter. */
  path: string[];
  type: ResourceType | undefined;
  sort: ResourceSort;
  page: number;
  onChange(next: { type?: ResourceType; sort?: ResourceSort; page?: number }): void;
  onChapter(chapterId: number): void;
}

export function ChapterResources({ textbookId, chapter, path, type, sort, page, onChange, onChapter }: Props) {
  const pageLinks = usePageLinks();
  const chapterId = chapter?.id;
  const facets = useResourceFacets({ textbookId, chapterId });
  const list = useResourceSearch({ textbookId, chapterId, type, sort, page, pageSize: CHAPTER_PAGE_SIZE });
  const empty = facets.data?.total === 0;
  const nearest = useNearestResources(chapterId, undefined, empty);

  const typeCounts = new Map((facets.data?.type ?? []).map((t) => [t.value, t.count]));
  const tabs = [
    { key: 'all', label: `全部 ${facets.data ? `(${facets.data.total})` : ''}` },
    ...TYPE_ORDER.filter((t) => (typeCounts.get(t) ?? 0) > 0 || t === type).map((t) => ({
      key: t,
      label: `${TYPE_LABELS[t]} (${typeCounts.get(t) ?? 0})`,
    })),
  ];

  return (
    <section aria-labelledby="chapter-heading">
      <h2 id="chapter-heading" className={styles.chapterHeading}>
        {chapter ? chapter.title : '全部章节'}
      </h2>
      {path.length > 1 && <p className={styles.crumbs}>{path.join(' / ')}</p>}

      {facets.isError && !facets.data ? (
        <QueryError error={facets.error} onRetry={() => void facets.refetch()} title="资源加载失败" />
      ) : !facets.data ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : empty ? (
        <div data-testid="chapter-empty">
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="本章节暂无资源" />
          {nearest.isPending ? (
            <Skeleton active paragraph={{ rows: 3 }} />
          ) : nearest.data?.chapter ? (
            <>
              <div className={styles.nearest} role="note">
                为您推荐相邻章节「{nearest.data.chapter.title}」的资源
                <Button type="link" onClick={() => onChapter(nearest.data.chapter!.id)}>
                  前往该章节
                </Button>
              </div>
              <ul className={styles.list} aria-label={`「${nearest.data.chapter.title}」的资源`}>
                {nearest.data.items.map((r) => (
                  <ResourceItem key={r.id} resource={r} />
                ))}
              </ul>
            </>
          ) : (
            <p className={styles.crumbs} style={{ textAlign: 'center' }}>
              这本教材暂时还没有资源，敬请期待。
            </p>
          )}
        </div>
      ) : (
        <>
          <div className={styles.toolbar}>
            <Tabs
              activeKey={type ?? 'all'}
              items={tabs}
              onChange={(k) => onChange({ type: k === 'all' ? undefined : (k as ResourceType), page: 1 })}
              style={{ marginBottom: 0, flex: 1, minWidth: 0 }}
            />
            <Segmented
              aria-label="排序"
              value={sort}
              onChange={(v) => onChange({ sort: v as ResourceSort, page: 1 })}
              options={[
                { label: '最新', value: 'newest' },
                { label: '下载最多', value: 'downloads' },
              ]}
            />
          </div>
          {list.isError && !list.data ? (
            <QueryError error={list.error} onRetry={() => void list.refetch()} title="资源加载失败" />
          ) : !list.data ? (
            <Skeleton active paragraph={{ rows: 6 }} />
          ) : list.data.items.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="该类型下暂无资源" />
          ) : (
            <>
              <ul className={styles.list} data-testid="resource-list" aria-busy={list.isPlaceholderData}>
                {list.data.items.map((r) => (
                  <ResourceItem key={r.id} resource={r} />
                ))}
              </ul>
              {list.data.total > CHAPTER_PAGE_SIZE && (
                <Pagination
                  itemRender={pageLinks}
                  align="center"
                  current={page}
                  pageSize={CHAPTER_PAGE_SIZE}
                  total={list.data.total}
                  showSizeChanger={false}
                  showTotal={(t) => `共 ${t} 个资源`}
                  onChange={(p) => onChange({ page: p })}
                  style={{ marginTop: 16 }}
                />
              )}
            </>
          )}
        </>
      )}
    </section>
  );
}
