/** Chapter-tree helpers of 同步资源: lookups, paths and the resource counts per chapter. */
import type { ChapterTreeNode, ResourceChapterCount } from '@eav/contract';

/** Every node, depth first (contents order). */
export function flattenChapters(nodes: readonly ChapterTreeNode[]): ChapterTreeNode[] {
  const out: ChapterTreeNode[] = [];
  const walk = (list: readonly ChapterTreeNode[]) => list.forEach((n) => (out.push(n), walk(n.children)));
  walk(nodes);
  return out;
}

/** Titles from the root to the node `id`, or [] when it is not in the tree. */
export function chapterPath(nodes: readonly ChapterTreeNode[], id: number): ChapterTreeNode[] {
  for (const n of nodes) {
    if (n.id === id) return [n];
    const below = chapterPath(n.children, id);
    if (below.length) return [n, ...below];
  }
  return [];
}

/** Resource totals (the chapter and its descendants) by chapter id. */
export function countsById(counts: readonly ResourceChapterCount[] | undefined): Map<number, number> {
  return new Map((counts ?? []).map((c) => [c.chapterId, c.total]));
}

/** The first chapter in contents order that has resources, else the first chapter, else undefined. */
export function defaultChapter(
  nodes: readonly ChapterTreeNode[],
  counts: ReadonlyMap<number, number>,
): ChapterTreeNode | undefined {
  const all = flattenChapters(nodes);
  // A leaf with resources is the most specific place to start; then any chapter with some.
  return (
    all.find((n) => n.children.length === 0 && (counts.get(n.id) ?? 0) > 0) ??
    all.find((n) => (counts.get(n.id) ?? 0) > 0) ??
    all[0]
  );
}
