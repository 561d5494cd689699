/**
 * The chapter tree editor's model (docs/console-content.md, Chapter tree editor): pure, immutable
 * operations on the edited tree, shared by the drag-and-drop and the keyboard buttons (上移, 下移,
 * 升级, 降级). A stored node keeps its server id so the server keeps its id too; new nodes have none.
 */
import { LIMITS, type ChapterPageKind, type ConsoleChapterInput, type ConsoleChapterNode } from '@eav/contract';

export interface EditNode {
  /** Tree key: `c{id}` for a stored node, `n{n}` for a new one. */
  key: string;
  id?: number;
  title: string;
  page: number | null;
  pageKind: ChapterPageKind;
  pageInferred: boolean;
  starred: boolean;
  /** Resources, videos and assignments pointing at this node (from the server; 0 for new nodes). */
  refs: number;
  children: EditNode[];
}

let fresh = 0;

/** A new node (no id) with a unique key. */
export function newNode(title: string, page: number | null = null): EditNode {
  fresh += 1;
  return {
    key: `n${fresh}`,
    title,
    page,
    pageKind: 'printed',
    pageInferred: false,
    starred: false,
    refs: 0,
    children: [],
  };
}

export function fromServer(nodes: ConsoleChapterNode[]): EditNode[] {
  return nodes.map((n) => ({
    key: `c${n.id}`,
    id: n.id,
    title: n.title,
    page: n.page,
    pageKind: n.pageKind,
    pageInferred: n.pageInferred,
    starred: n.starred,
    refs: n.refs,
    children: fromServer(n.children),
  }));
}

/** The PUT body's tree. */
export function toInput(nodes: EditNode[]): ConsoleChapterInput[] {
  return nodes.map((n) => ({
    ...(n.id !== undefined ? { id: n.id } : {}),
    title: n.title.trim(),
    page: n.page,
    pageKind: n.pageKind,
    pageInferred: n.pageInferred,
    starred: n.starred,
    children: toInput(n.children),
  }));
}

interface Place {
  /** Key of the parent, null at the top. */
  parentKey: string | null;
  siblings: EditNode[];
  index: number;
  node: EditNode;
}

/** Where `key` is, or null. */
export function locate(nodes: EditNode[], key: string, parentKey: string | null = null): Place | null {
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i]!;
    if (node.key === key) return { parentKey, siblings: nodes, index: i, node };
    const inner = locate(node.children, key, node.key);
    if (inner) return inner;
  }
  return null;
}

/** Replaces the children list of `parentKey` (null: the top level) through `edit`. */
function withSiblings(nodes: EditNode[], parentKey: string | null, edit: (list: EditNode[]) => EditNode[]): EditNode[] {
  if (parentKey === null) return edit(nodes);
  return nodes.map((n) =>
    n.key === parentKey
      ? { ...n, children: edit(n.children) }
      : { ...n, children: withSiblings(n.children, parentKey, edit) },
  );
}

/** Removes `key` (with its subtree). */
export function remove(nodes: EditNode[], key: string): EditNode[] {
  return nodes.filter((n) => n.key !== key).map((n) => ({ ...n, children: remove(n.children, key) }));
}

/** Changes fields of `key`. */
export function update(nodes: EditNode[], key: string, patch: Partial<Omit<EditNode, 'key' | 'children'>>): EditNode[] {
  return nodes.map((n) => (n.key === key ? { ...n, ...patch } : { ...n, children: update(n.children, key, patch) }));
}

/** Inserts `node` into `parentKey`'s children (null: top level) at `index` (end when omitted). */
export function insert(nodes: EditNode[], parentKey: string | null, node: EditNode, index?: number): EditNode[] {
  return withSiblings(nodes, parentKey, (list) => {
    const at = index === undefined ? list.length : Math.max(0, Math.min(index, list.length));
    return [...list.slice(0, at), node, ...list.slice(at)];
  });
}

/** Adds `node` right after `key` among its siblings. */
export function addSibling(nodes: EditNode[], key: string, node: EditNode): EditNode[] {
  const at = locate(nodes, key);
  return at ? insert(nodes, at.parentKey, node, at.index + 1) : [...nodes, node];
}

/** Moves `key` one place up (-1) or down (+1) among its siblings; unchanged at an end. */
export function shift(nodes: EditNode[], key: string, by: -1 | 1): EditNode[] {
  const at = locate(nodes, key);
  if (!at) return nodes;
  const to = at.index + by;
  if (to < 0 || to >= at.siblings.length) return nodes;
  return withSiblings(nodes, at.parentKey, (list) => {
    const next = [...list];
    [next[at.index], next[to]] = [next[to]!, next[at.index]!];
    return next;
  });
}

/** 降级: `key` becomes the last child of its previous sibling; unchanged when it has none. */
export function indent(nodes: EditNode[], key: string): EditNode[] {
  const at = locate(nodes, key);
  if (!at || at.index === 0) return nodes;
  const target = at.siblings[at.index - 1]!;
  return insert(remove(nodes, key), target.key, at.node);
}

/** 升级: `key` moves out of its parent, right after it; unchanged at the top level. */
export function outdent(nodes: EditNode[], key: string): EditNode[] {
  const at = locate(nodes, key);
  if (!at || at.parentKey === null) return nodes;
  const parent = locate(nodes, at.parentKey)!;
  return insert(remove(nodes, key), parent.parentKey, at.node, parent.index + 1);
}

/** Whether `inner` is `outer` or lies below it. */
export function within(nodes: EditNode[], outer: string, inner: string): boolean {
  const at = locate(nodes, outer);
  return Boolean(at && (outer === inner || locate(at.node.children, inner)));
}

/**
 * A drop of antd's Tree: `dragKey` goes inside `dropKey` as its first child (`inside`), or before
 * or after it. Dropping a node into its own subtree changes nothing.
 */
export function drop(
  nodes: EditNode[],
  dragKey: string,
  dropKey: string,
  position: 'inside' | 'before' | 'after',
): EditNode[] {
  if (within(nodes, dragKey, dropKey)) return nodes;
  const dragged = locate(nodes, dragKey);
  if (!dragged) return nodes;
  const rest = remove(nodes, dragKey);
  if (position === 'inside') return insert(rest, dropKey, dragged.node, 0);
  const target = locate(rest, dropKey);
  if (!target) return nodes;
  return insert(rest, target.parentKey, dragged.node, target.index + (position === 'after' ? 1 : 0));
}

/** Node count and depth (0 for an empty tree). */
export function size(nodes: EditNode[]): { count: number; depth: number } {
  let count = 0;
  let depth = 0;
  const walk = (ns: EditNode[], d: number) => {
    for (const n of ns) {
      count++;
      depth = Math.max(depth, d);
      walk(n.children, d + 1);
    }
  };
  walk(nodes, 1);
  return { count, depth };
}

/** References in a node's subtree (what deleting it would orphan). */
export function subtreeRefs(node: EditNode): number {
  return node.refs + node.children.reduce((s, c) => s + subtreeRefs(c), 0);
}

/** The first problem the server would refuse, in Chinese, or null. */
export function problem(nodes: EditNode[]): string | null {
  const { count, depth } = size(nodes);
  const { nodesMax, depthMax, titleMax } = LIMITS.chapterTree;
  if (count > nodesMax) return `目录不能超过 ${nodesMax} 个节点`;
  if (depth > depthMax) return `目录不能超过 ${depthMax} 层`;
  const bad = (ns: EditNode[]): string | null => {
    for (const n of ns) {
      if (!n.title.trim()) return '章节标题不能为空';
      if (n.title.trim().length > titleMax) return `章节标题不能超过 ${titleMax} 个字`;
      const inner = bad(n.children);
      if (inner) return inner;
    }
    return null;
  };
  return bad(nodes);
}
