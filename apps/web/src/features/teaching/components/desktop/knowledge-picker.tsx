/** The knowledge-point tree (知识点) with question counts, to find homework questions. */
import type { KnowledgePointNode } from '@eav/contract';
import { Empty, Skeleton, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useMemo } from 'react';
import { errorMessage } from '@/lib/error-message';
import { useKnowledgePoints } from '../../api/get-knowledge-points';

function toTreeData(nodes: KnowledgePointNode[]): DataNode[] {
  return nodes
    .filter((n) => n.questionCount > 0)
    .map((n) => ({ key: String(n.id), title: `${n.name} · ${n.questionCount}`, children: toTreeData(n.children) }));
}

export function KnowledgePicker({
  stageId,
  subjectId,
  selected,
  onSelect,
}: {
  /** Only this 学段's tree (a class's stage); all stages when absent. */
  stageId?: number;
  subjectId?: number;
  selected?: number;
  onSelect(id: number | undefined): void;
}) {
  const tree = useKnowledgePoints({
    stageId: stageId ? String(stageId) : undefined,
    subjectId: subjectId ? String(subjectId) : undefined,
  });
  const data = useMemo(() => toTreeData(tree.data ?? []), [tree.data]);
  if (tree.isError) return <p role="alert">{errorMessage(tree.error, '知识点加载失败')}</p>;
  if (!tree.data) return <Skeleton active title={false} paragraph={{ rows: 8 }} />;
  if (data.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="本学段、本学科暂无知识点，试试教材章节" />;
  return (
    <Tree
      style={{ maxHeight: 480, overflow: 'auto' }}
      treeData={data}
      blockNode
      selectedKeys={selected ? [String(selected)] : []}
      onSelect={(keys) => onSelect(keys[0] === undefined ? undefined : Number(keys[0]))}
      aria-label="知识点"
    />
  );
}
