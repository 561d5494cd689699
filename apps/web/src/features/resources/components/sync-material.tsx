/**
 * `/digitalResources/syncMaterial` (docs/product.md §1, 同步资源): pick a textbook (the catalogue's
 * cascading filters, or one of 我的教材), its chapter tree on the left with the number of resources
 * of each chapter, the chosen chapter's resources on the right by type, to preview and download.
 * Without a book chosen, the most downloaded resources of the whole portal are shown.
 */
import { useEffect, useMemo, useState } from 'react';
import { Button, Empty, Skeleton, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import type { ChapterBook, ChapterTreeNode } from '@eav/contract';
import { useChapterBooks } from '../api/get-chapter-books';
import { useChapterCounts } from '../api/get-chapter-counts';
import { useMyBooks } from '../api/get-my-textbooks';
import { useResourceSearch } from '../api/search-resources';
import { useTextbookChapters } from '../api/get-textbook-chapters';
import { useSyncMaterialState, type SyncMaterialState } from '../hooks/use-sync-material-state';
import { filtersOfBook } from '../lib/book-filters';
import { chapterPath, countsById, defaultChapter } from '../lib/chapters';
import { BookPicker } from './book-picker';
import { ChapterResources } from './chapter-resources';
import { QueryError } from '@/components/errors/query-error';
import { ResourceItem } from './resource-item';
import styles from './resources.module.css';

function toTreeData(nodes: readonly ChapterTreeNode[], counts: ReadonlyMap<number, number>): DataNode[] {
  return nodes.map((n) => {
    const count = counts.get(n.id) ?? 0;
    return {
      key: n.id,
      title: (
        <span className={styles.nodeTitle}>
          <span className={count ? undefined : styles.nodeEmpty}>{n.title}</span>
          <span className={styles.nodeCount} aria-label={`${count} 个资源`}>
            {count}
          </span>
        </span>
      ),
      children: toTreeData(n.children, counts),
      isLeaf: n.children.length === 0,
    };
  });
}

function PopularResources() {
  const list = useResourceSearch({ sort: 'downloads', page: 1, pageSize: 8 });
  return (
    <section className={styles.card} aria-labelledby="popular-heading">
      <h2 id="popular-heading" className={styles.chapterHeading}>
        热门资源
      </h2>
      {list.isError && !list.data ? (
        <QueryError error={list.error} onRetry={() => void list.refetch()} title="资源加载失败" />
      ) : !list.data ? (
        <Skeleton active paragraph={{ rows: 5 }} />
      ) : list.data.items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="平台暂时还没有资源" />
      ) : (
        <ul className={styles.list}>
          {list.data.items.map((r) => (
            <ResourceItem key={r.id} resource={r} showChapter />
          ))}
        </ul>
      )}
    </section>
  );
}

export function SyncMaterial() {
  const [state, setState] = useSyncMaterialState();
  const books = useChapterBooks();
  const myBooks = useMyBooks();
  const [picking, setPicking] = useState(false);
  const chapters = useTextbookChapters(state.textbookId);
  const counts = useChapterCounts(state.textbookId);

  const book = books.data?.find((b) => b.id === state.textbookId);
  const countMap = useMemo(() => countsById(counts.data), [counts.data]);
  const treeData = useMemo(() => toTreeData(chapters.data ?? [], countMap), [chapters.data, countMap]);
  const path = useMemo(
    () => (state.chapterId && chapters.data ? chapterPath(chapters.data, state.chapterId) : []),
    [chapters.data, state.chapterId],
  );
  const chapter = path[path.length - 1];
  const myBookIds = useMemo(
    () => (myBooks.data ? new Set(myBooks.data.items.map((m) => m.textbook.id)) : undefined),
    [myBooks.data],
  );

  // A book without a chosen chapter opens at its first chapter that has resources.
  useEffect(() => {
    if (state.textbookId === undefined || state.chapterId !== undefined || !chapters.data || !counts.data) return;
    const first = defaultChapter(chapters.data, countMap);
    if (first) setState({ ...state, chapterId: first.id, page: 1 }, { replace: true });
  }, [state, chapters.data, counts.data, countMap, setState]);

  const selectBook = (b: ChapterBook) => {
    setPicking(false);
    setState({ book: filtersOfBook(b), textbookId: b.id, sort: state.sort, page: 1 });
  };
  const update = (patch: Partial<SyncMaterialState>) => setState({ ...state, ...patch });

  const showPicker = picking || state.textbookId === undefined;

  return (
    <div className={styles.page}>
      <div className={styles.container}>
        <div className={styles.heading}>
          <h1 className={styles.title}>同步资源</h1>
          <p className={styles.subtitle}>按教材目录整理的课件、教案、学案、同步练习、试卷与微课，在线预览、一键下载</p>
        </div>

        <section className={styles.card} aria-label="选择教材">
          {books.isError && !books.data ? (
            <QueryError error={books.error} onRetry={() => void books.refetch()} title="教材列表加载失败" />
          ) : !showPicker ? (
            <div className={styles.current} data-testid="current-book">
              {book && <img className={styles.bookCover} src={book.coverUrl} alt="" />}
              <div style={{ flex: 1 }}>
                <p className={styles.currentTitle}>{book?.title ?? '教材'}</p>
                {book && (
                  <span className={styles.bookMeta}>
                    {[book.stage.name, book.subject.name, book.edition.name, book.grade?.name, book.volume?.name]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                )}
              </div>
              <Button onClick={() => setPicking(true)}>更换教材</Button>
            </div>
          ) : (
            <>
              <BookPicker
                books={books.data}
                filters={state.book}
                onFilters={(f) => update({ book: f, page: 1 })}
                selectedId={state.textbookId}
                onSelect={selectBook}
                myBookIds={myBookIds}
              />
              {picking && (
                <Button type="link" onClick={() => setPicking(false)}>
                  取消更换
                </Button>
              )}
            </>
          )}
        </section>

        {state.textbookId === undefined ? (
          <div style={{ marginTop: 16 }}>
            <PopularResources />
          </div>
        ) : (
          <div className={styles.layout}>
            <nav className={`${styles.card} ${styles.side}`} aria-label="教材目录">
              <h2 className={styles.sideTitle}>目录</h2>
              {chapters.isError ? (
                <QueryError error={chapters.error} onRetry={() => void chapters.refetch()} title="目录加载失败" />
              ) : !chapters.data ? (
                <Skeleton active paragraph={{ rows: 10 }} />
              ) : chapters.data.length === 0 ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="这本教材暂无目录" />
              ) : (
                <Tree
                  blockNode
                  showLine={{ showLeafIcon: false }}
                  treeData={treeData}
                  defaultExpandAll
                  selectedKeys={state.chapterId ? [state.chapterId] : []}
                  onSelect={(keys) => {
                    const id = Number(keys[0]);
                    if (id) update({ chapterId: id, type: undefined, page: 1 });
                  }}
                  data-testid="chapter-tree"
                />
              )}
            </nav>
            <div className={`${styles.card} ${styles.main}`}>
              <ChapterResources
                key={`${state.textbookId}-${state.chapterId ?? 0}`}
                textbookId={state.textbookId}
                chapter={chapter}
                path={path.map((n) => n.title)}
                type={state.type}
                sort={state.sort}
                page={state.page}
                onChange={(patch) => update(patch)}
                onChapter={(id) => update({ chapterId: id, type: undefined, page: 1 })}
              />
            </div>
          </div>
        )}
      </div>
    </div>
  );
}
