/**
 * The chapter tree (`id, title, page, children`) of a book. Selecting a chapter with a page calls
 * `onJump(page)`; the detail page opens the reader there, the reader turns to it.
 */
import { useMemo } from 'react';
import { Empty, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import type { ChapterNode } from '@eav/contract';
import styles from './textbooks.module.css';

interface Props {
  chapters: ChapterNode[];
  onJump?(page: number): void;
  /** Highlights the chapter containing this page (reader). */
  currentPage?: number;
  /** Hide page numbers (e.g. no electronic edition). */
  hidePages?: boolean;
}

/** The deepest chapter starting at or before `page` (chapters in reading order), or undefined. */
export function chapterAtPage(chapters: ChapterNode[], page: number): ChapterNode | undefined {
  let found: ChapterNode | undefined;
  const walk = (nodes: ChapterNode[]) => {
    for (const n of nodes) {
      if (n.page != null && n.page <= page) found = n;
      walk(n.children);
    }
  };
  walk(chapters);
  return found;
}

function toTreeData(nodes: ChapterNode[], hidePages: boolean): DataNode[] {
  return nodes.map((n) => ({
    key: n.id,
    title: (
      <span>
        {n.title}
        {!hidePages && n.page != null && <span className={styles.chapterPage}>第 {n.page} 页</span>}
      </span>
    ),
    children: toTreeData(n.children, hidePages),
    isLeaf: n.children.length === 0,
  }));
}

export function ChapterTree({ chapters, onJump, currentPage, hidePages = false }: Props) {
  const byId = useMemo(() => {
    const m = new Map<number, ChapterNode>();
    const walk = (nodes: ChapterNode[]) => nodes.forEach((n) => (m.set(n.id, n), walk(n.children)));
    walk(chapters);
    return m;
  }, [chapters]);
  const treeData = useMemo(() => toTreeData(chapters, hidePages), [chapters, hidePages]);
  const current = currentPage != null ? chapterAtPage(chapters, currentPage) : undefined;

  if (chapters.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无目录" />;
  return (
    <Tree
      blockNode
      showLine={{ showLeafIcon: false }}
      treeData={treeData}
      defaultExpandedKeys={chapters.map((c) => c.id)}
      selectedKeys={current ? [current.id] : []}
      onSelect={(_keys, info) => {
        const node = byId.get(Number(info.node.key));
        if (node?.page != null) onJump?.(node.page);
      }}
    />
  );
}
