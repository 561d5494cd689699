import { describe, expect, it } from 'vitest';
import {
  addSibling,
  drop,
  fromServer,
  indent,
  newNode,
  outdent,
  problem,
  remove,
  shift,
  subtreeRefs,
  toInput,
  type EditNode,
} from './chapter-tree';

const tree = (): EditNode[] =>
  fromServer([
    {
      id: 1,
      title: '第一单元',
      page: 1,
      pageKind: 'printed',
      pageInferred: false,
      starred: false,
      refs: 0,
      children: [
        {
          id: 2,
          title: '春',
          page: 2,
          pageKind: 'printed',
          pageInferred: false,
          starred: false,
          refs: 2,
          children: [],
        },
        {
          id: 3,
          title: '雨',
          page: 6,
          pageKind: 'printed',
          pageInferred: false,
          starred: false,
          refs: 0,
          children: [],
        },
      ],
    },
    { id: 4, title: '第二单元', page: 20, pageKind: 'pdf', pageInferred: false, starred: true, refs: 0, children: [] },
  ]);
/** Titles as nested arrays. */
const shape = (ns: EditNode[]): unknown[] =>
  ns.map((n) => (n.children.length ? [n.title, shape(n.children)] : n.title));

describe('chapter tree model', () => {
  it('moves a node up and down among its siblings, not past the ends', () => {
    expect(shape(shift(tree(), 'c3', -1))).toEqual([['第一单元', ['雨', '春']], '第二单元']);
    expect(shape(shift(tree(), 'c3', 1))).toEqual(shape(tree()));
    expect(shape(shift(tree(), 'c1', 1))).toEqual(['第二单元', ['第一单元', ['春', '雨']]]);
  });

  it('indents under the previous sibling and outdents after the parent', () => {
    expect(shape(indent(tree(), 'c3'))).toEqual([['第一单元', [['春', ['雨']]]], '第二单元']);
    expect(shape(indent(tree(), 'c2'))).toEqual(shape(tree()));
    expect(shape(outdent(tree(), 'c2'))).toEqual([['第一单元', ['雨']], '春', '第二单元']);
    expect(shape(outdent(tree(), 'c4'))).toEqual(shape(tree()));
  });

  it('drops inside, before and after, never into its own subtree', () => {
    expect(shape(drop(tree(), 'c4', 'c1', 'inside'))).toEqual([['第一单元', ['第二单元', '春', '雨']]]);
    expect(shape(drop(tree(), 'c4', 'c2', 'after'))).toEqual([['第一单元', ['春', '第二单元', '雨']]]);
    expect(shape(drop(tree(), 'c2', 'c1', 'before'))).toEqual(['春', ['第一单元', ['雨']], '第二单元']);
    expect(shape(drop(tree(), 'c1', 'c3', 'inside'))).toEqual(shape(tree()));
  });

  it('adds, removes and sends ids only for stored nodes', () => {
    const added = addSibling(tree(), 'c2', newNode('新课', 4));
    expect(shape(added)).toEqual([['第一单元', ['春', '新课', '雨']], '第二单元']);
    const input = toInput(added);
    expect(input[0]!.children[1]).toEqual({
      title: '新课',
      page: 4,
      pageKind: 'printed',
      pageInferred: false,
      starred: false,
      children: [],
    });
    expect(input[1]).toMatchObject({ id: 4, pageKind: 'pdf', starred: true });
    expect(shape(remove(added, 'c1'))).toEqual(['第二单元']);
    expect(subtreeRefs(tree()[0]!)).toBe(2);
  });

  it('names the first problem the server would refuse', () => {
    expect(problem(tree())).toBeNull();
    expect(problem([newNode('  ')])).toBe('章节标题不能为空');
  });
});
