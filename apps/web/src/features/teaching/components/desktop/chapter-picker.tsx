/** A textbook (one with a chapter tree) and one of its chapters; the class's book is preselected. */
import type { ChapterTreeNode } from '@eav/contract';
import { Empty, Select, Skeleton, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useMemo } from 'react';
import { errorMessage } from '@/lib/error-message';
import { useChapterBooks } from '../../api/get-chapter-books';
import { useTextbookChapters } from '../../api/get-textbook-chapters';

function toTreeData(nodes: ChapterTreeNode[], counts: boolean): DataNode[] {
  return nodes.map((n) => ({
    key: String(n.id),
    title: `${n.title}${n.page != null ? `（第 ${n.page} 页）` : ''}${counts && n.questionCount > 0 ? ` · ${n.questionCount} 题` : ''}`,
    children: toTreeData(n.children, counts),
  }));
}

export function ChapterPicker({
  subjectId,
  textbookId,
  chapterId,
  onBook,
  onChapter,
  showCounts = false,
  idPrefix,
}: {
  subjectId?: number;
  textbookId?: number;
  chapterId?: number;
  onBook(id: number | undefined): void;
  onChapter(id: number | undefined, tree: ChapterTreeNode[]): void;
  showCounts?: boolean;
  idPrefix: string;
}) {
  const books = useChapterBooks({ subjectId: subjectId ? String(subjectId) : undefined });
  const chapters = useTextbookChapters(textbookId);
  const treeData = useMemo(() => toTreeData(chapters.data ?? [], showCounts), [chapters.data, showCounts]);
  return (
    <div>
      <label htmlFor={`${idPrefix}-book`} style={{ display: 'block', marginBottom: 4 }}>
        教材
      </label>
      <Select
        id={`${idPrefix}-book`}
        style={{ width: '100%' }}
        showSearch
        allowClear
        optionFilterProp="label"
        placeholder={books.isLoading ? '正在加载教材…' : '选择教材'}
        value={textbookId}
        options={books.data?.map((b) => ({ value: b.id, label: b.title }))}
        onChange={(v: number | undefined) => onBook(v)}
        notFoundContent={books.isError ? errorMessage(books.error) : '暂无带章节目录的教材'}
      />
      {textbookId &&
        (chapters.isError ? (
          <p role="alert">{errorMessage(chapters.error, '章节目录加载失败')}</p>
        ) : !chapters.data ? (
          <Skeleton active title={false} paragraph={{ rows: 5 }} />
        ) : treeData.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="这本教材暂无章节目录" />
        ) : (
          <Tree
            style={{ marginTop: 12, maxHeight: 420, overflow: 'auto' }}
            treeData={treeData}
            blockNode
            defaultExpandAll={treeData.length <= 4}
            selectedKeys={chapterId ? [String(chapterId)] : []}
            onSelect={(keys) => onChapter(keys[0] === undefined ? undefined : Number(keys[0]), chapters.data)}
            aria-label="教材章节"
          />
        ))}
    </div>
  );
}
