/**
 * The textbook way in: pick a book that has a chapter tree (for the chosen 学段/学科), then a chapter;
 * the questions are those whose knowledge points match it.
 */
import { useMemo } from 'react';
import { Empty, Select, Skeleton, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import type { ChapterTreeNode } from '@eav/contract';
import { errorMessage } from '@/lib/error-message';
import { useChapterBooks } from '../api/get-chapter-books';
import { useTextbookChapters } from '../api/get-textbook-chapters';
import styles from './question-bank.module.css';

function toTreeData(nodes: ChapterTreeNode[]): DataNode[] {
  return nodes.map((n) => ({
    key: String(n.id),
    title: (
      <span>
        {n.title}
        {n.questionCount > 0 && <span className={styles.treeCount}>{n.questionCount}</span>}
      </span>
    ),
    children: toTreeData(n.children),
  }));
}

export function ChapterWay({
  stageId,
  subjectId,
  textbookId,
  chapterId,
  onBook,
  onChapter,
}: {
  stageId?: string;
  subjectId?: string;
  textbookId?: string;
  chapterId?: string;
  onBook(id: string | undefined): void;
  onChapter(id: string | undefined): void;
}) {
  const books = useChapterBooks({ stageId, subjectId });
  const chapters = useTextbookChapters(textbookId ? Number(textbookId) : undefined);
  const treeData = useMemo(() => toTreeData(chapters.data ?? []), [chapters.data]);

  return (
    <div>
      <label htmlFor="chapter-book" className={styles.sideHint} style={{ display: 'block' }}>
        选择教材
      </label>
      <Select
        id="chapter-book"
        style={{ width: '100%' }}
        showSearch
        allowClear
        placeholder={books.isLoading ? '正在加载教材…' : '请选择教材'}
        loading={books.isLoading}
        value={textbookId ? Number(textbookId) : undefined}
        optionFilterProp="label"
        options={(books.data ?? []).map((b) => ({ value: b.id, label: b.title }))}
        onChange={(v: number | undefined) => onBook(v === undefined ? undefined : String(v))}
        notFoundContent={books.isError ? errorMessage(books.error) : '暂无带章节目录的教材'}
      />
      {textbookId &&
        (chapters.isError ? (
          <p role="alert">{errorMessage(chapters.error, '章节目录加载失败')}</p>
        ) : !chapters.data ? (
          <Skeleton active title={false} paragraph={{ rows: 6 }} />
        ) : treeData.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="这本教材暂无章节目录" />
        ) : (
          <Tree
            style={{ marginTop: 12 }}
            treeData={treeData}
            blockNode
            defaultExpandAll={treeData.length <= 3}
            selectedKeys={chapterId ? [chapterId] : []}
            onSelect={(keys) => onChapter(keys[0] === undefined ? undefined : String(keys[0]))}
            aria-label="教材章节"
          />
        ))}
      {!textbookId && <p className={styles.sideHint}>按教材章节找题：先选教材，再选章节。</p>}
    </div>
  );
}
