/** The knowledge-point tree (知识点) with question counts; choosing a node filters the questions. */
import { useMemo } from 'react';
import { Empty, Skeleton, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import type { KnowledgePointNode } from '@eav/contract';
import { errorMessage } from '@/lib/error-message';
import { useKnowledgePoints } from '../api/get-knowledge-points';
import styles from './question-bank.module.css';

function toTreeData(nodes: KnowledgePointNode[]): DataNode[] {
  return nodes
    .filter((n) => n.questionCount > 0)
    .map((n) => ({
      key: String(n.id),
      title: (
        <span>
          {n.name}
          <span className={styles.treeCount}>{n.questionCount}</span>
        </span>
      ),
      children: toTreeData(n.children),
    }));
}

/** Keys from the roots down to `id` (to open the chosen node's branch). */
function pathTo(nodes: KnowledgePointNode[], id: string): string[] | undefined {
  for (const n of nodes) {
    if (String(n.id) === id) return [];
    const below = pathTo(n.children, id);
    if (below) return [String(n.id), ...below];
  }
  return undefined;
}

export function KnowledgePointTree({
  stageId,
  subjectId,
  selected,
  onSelect,
}: {
  stageId?: string;
  subjectId?: string;
  selected?: string;
  onSelect(id: string | undefined): void;
}) {
  const tree = useKnowledgePoints({ stageId, subjectId });
  const data = useMemo(() => toTreeData(tree.data ?? []), [tree.data]);
  const expanded = useMemo(
    () => (selected && tree.data ? (pathTo(tree.data, selected) ?? []) : []),
    [selected, tree.data],
  );

  if (tree.isError) return <p role="alert">{errorMessage(tree.error, '知识点加载失败')}</p>;
  if (!tree.data) return <Skeleton active title={false} paragraph={{ rows: 8 }} />;
  if (data.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="当前学段学科暂无知识点，试试教材章节" />;
  return (
    <>
      {!(stageId && subjectId) && <p className={styles.sideHint}>选择学段和学科后，知识点更精准。</p>}
      <Tree
        // Remount when the branch to open changes (a knowledge point chosen from a card).
        key={expanded.join('/')}
        treeData={data}
        blockNode
        defaultExpandedKeys={expanded}
        selectedKeys={selected ? [selected] : []}
        onSelect={(keys) => onSelect(keys[0] === undefined ? undefined : String(keys[0]))}
        aria-label="知识点"
      />
    </>
  );
}
