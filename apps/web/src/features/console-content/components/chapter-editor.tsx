/**
 * The chapter tree editor of a book (docs/console-content.md, Chapter tree editor), opened from the
 * book list's 目录 action: an antd Tree to drag nodes (reorder, nest), buttons doing the same from
 * the keyboard (上移, 下移, 升级, 降级), add a child or a sibling, rename in place, set the start
 * page, delete with confirmation. The whole tree is saved at once; closing with unsaved changes asks
 * first, and the server's refusals (a referenced chapter deleted, a limit passed) are shown here.
 */
import type { AdminTextbookRow } from '@eav/contract';
import {
  ArrowDownOutlined,
  ArrowLeftOutlined,
  ArrowRightOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  EditOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { Alert, App, Button, Drawer, Empty, Skeleton, Space, Tag, Tree } from 'antd';
import type { TreeDataNode, TreeProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { SaveError } from '@/components/ui/save-error';
import { errorMessage } from '@/lib/error-message';
import { useConsoleChapters } from '../api/get-chapters';
import { useSaveConsoleChapters } from '../api/save-chapters';
import {
  addSibling,
  drop,
  fromServer,
  indent,
  insert,
  locate,
  newNode,
  outdent,
  problem,
  remove,
  shift,
  size,
  subtreeRefs,
  toInput,
  update,
  type EditNode,
} from '../lib/chapter-tree';
import editorStyles from './chapter-editor.module.css';
import { NodePanel, RenameInput } from './chapter-node-panel';
import styles from './console.module.css';

function treeData(nodes: EditNode[]): TreeDataNode[] {
  return nodes.map((n) => ({ key: n.key, title: n.title, children: treeData(n.children) }));
}

function allKeys(nodes: EditNode[]): string[] {
  return nodes.flatMap((n) => [n.key, ...allKeys(n.children)]);
}

export function ChapterEditor({ book, onClose }: { book: AdminTextbookRow; onClose: () => void }) {
  const { message, modal } = App.useApp();
  const query = useConsoleChapters(book.id);
  const save = useSaveConsoleChapters(book.id);
  const [tree, setTree] = useState<EditNode[] | null>(null);
  const [saved, setSaved] = useState('');
  const [selected, setSelected] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [expanded, setExpanded] = useState<string[]>([]);

  // The server's fresh tree becomes the editor's copy once (and again after each save).
  useEffect(() => {
    if (query.data && !query.isFetching && tree === null) {
      const t = fromServer(query.data.chapters);
      setTree(t);
      setSaved(JSON.stringify(toInput(t)));
      setExpanded(allKeys(t));
    }
  }, [query.data, query.isFetching, tree]);

  const dirty = tree !== null && JSON.stringify(toInput(tree)) !== saved;
  // Leaving the page with unsaved edits asks the browser's question.
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const current = tree && selected ? locate(tree, selected) : null;
  const node = current?.node ?? null;
  const stats = useMemo(() => (tree ? size(tree) : { count: 0, depth: 0 }), [tree]);
  // Node by key for the titles (one lookup per rendered node, not a tree walk each).
  const byKey = useMemo(() => {
    const m = new Map<string, EditNode>();
    const walk = (ns: EditNode[]) => ns.forEach((n) => (m.set(n.key, n), walk(n.children)));
    walk(tree ?? []);
    return m;
  }, [tree]);
  const invalid = tree ? problem(tree) : null;

  const edit = (next: EditNode[]) => {
    setTree(next);
    save.reset();
  };
  const add = (where: 'child' | 'sibling' | 'top') => {
    if (!tree) return;
    const fresh = newNode('新章节');
    if (where === 'child' && node) {
      edit(insert(tree, node.key, fresh));
      setExpanded((keys) => [...new Set([...keys, node.key])]);
    } else if (where === 'sibling' && node) edit(addSibling(tree, node.key, fresh));
    else edit(insert(tree, null, fresh));
    setSelected(fresh.key);
    setRenaming(fresh.key);
  };
  const askRemove = () => {
    if (!tree || !node) return;
    const refs = subtreeRefs(node);
    if (refs > 0) {
      void message.warning(
        `「${node.title}」及其子章节有 ${refs} 个资源、视频或作业引用，不能删除；请先把它们移到其他章节`,
      );
      return;
    }
    const below = size(node.children).count;
    modal.confirm({
      title: `删除章节「${node.title}」？`,
      content: below ? `它的 ${below} 个子章节也会一起删除。保存后生效。` : '保存后生效。',
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => {
        edit(remove(tree, node.key));
        setSelected(null);
      },
    });
  };
  const close = () => {
    if (!dirty) return onClose();
    modal.confirm({
      title: '目录有未保存的修改',
      content: '关闭后这些修改会丢失，确定要关闭吗？',
      okText: '放弃修改并关闭',
      okButtonProps: { danger: true },
      cancelText: '继续编辑',
      onOk: onClose,
    });
  };
  const submit = async () => {
    if (!tree || invalid) return;
    try {
      const answer = await save.mutateAsync(toInput(tree));
      const t = fromServer(answer.chapters);
      setTree(t);
      setSaved(JSON.stringify(toInput(t)));
      setExpanded((keys) => [...new Set([...keys, ...allKeys(t)])]);
      // New nodes got ids (and keys): keep the selection only when it still exists.
      setSelected((key) => (key && locate(t, key) ? key : null));
      void message.success('目录已保存');
    } catch {
      // Shown below the toolbar from `save.error`.
    }
  };

  const onDrop: TreeProps['onDrop'] = (info) => {
    if (!tree) return;
    const dropKey = String(info.node.key);
    const dragKey = String(info.dragNode.key);
    const pos = info.node.pos.split('-');
    const relative = info.dropPosition - Number(pos[pos.length - 1]);
    let position: 'inside' | 'before' | 'after' = relative === -1 ? 'before' : 'after';
    if (!info.dropToGap) position = 'inside';
    // Dropped just below an open node that has children: it becomes that node's first child.
    else if (relative === 1 && info.node.expanded && (info.node.children ?? []).length > 0) position = 'inside';
    edit(drop(tree, dragKey, dropKey, position));
  };

  const titleOf = (data: TreeDataNode) => {
    const n = byKey.get(String(data.key));
    if (!n) return null;
    if (renaming === n.key)
      return (
        <RenameInput
          node={n}
          onDone={(title) => {
            setRenaming(null);
            if (title !== null && title !== n.title && tree) edit(update(tree, n.key, { title }));
          }}
        />
      );
    return (
      <span className={editorStyles.node}>
        <span>{n.title}</span>
        {n.page !== null && (
          <span className={editorStyles.page}>
            {n.pageKind === 'pdf' ? 'PDF ' : ''}第 {n.page} 页
          </span>
        )}
        {n.id === undefined && <Tag color="blue">新</Tag>}
        {n.refs > 0 && <Tag>{n.refs} 个引用</Tag>}
      </span>
    );
  };

  const siblings = current?.siblings.length ?? 0;
  const index = current?.index ?? 0;

  return (
    <Drawer
      open
      width={960}
      title={`目录：${book.title}`}
      onClose={close}
      destroyOnHidden
      maskClosable={false}
      rootClassName={styles.overlay}
      styles={{ body: { padding: 0, overflow: 'hidden' } }}
      extra={
        <Space>
          {dirty && <span className={editorStyles.unsaved}>有未保存的修改</span>}
          <Button
            type="primary"
            loading={save.isPending}
            disabled={!dirty || Boolean(invalid)}
            onClick={() => void submit()}
          >
            保存目录
          </Button>
        </Space>
      }
    >
      <div className={styles.drawerScroll} tabIndex={0} role="region" aria-label="章节目录">
        {tree === null && !query.isError && <Skeleton active />}
        {query.isError && (
          <Alert
            type="error"
            showIcon
            title={errorMessage(query.error, '目录加载失败')}
            action={<Button onClick={() => void query.refetch()}>重试</Button>}
          />
        )}
        {tree && (
          <div className={styles.stack}>
            <p className={styles.muted}>
              共 {stats.count} 个章节、{stats.depth} 层。拖动章节可调整顺序和层级；也可选中章节后用下面的按钮操作。
              带引用的章节不能删除。
            </p>
            <div className={styles.toolbar} role="toolbar" aria-label="章节操作">
              <Button icon={<PlusOutlined aria-hidden />} onClick={() => add('top')}>
                添加章节
              </Button>
              <Button icon={<PlusOutlined aria-hidden />} disabled={!node} onClick={() => add('child')}>
                添加子章节
              </Button>
              <Button icon={<PlusOutlined aria-hidden />} disabled={!node} onClick={() => add('sibling')}>
                添加同级章节
              </Button>
              <Button
                icon={<EditOutlined aria-hidden />}
                disabled={!node}
                onClick={() => node && setRenaming(node.key)}
              >
                重命名
              </Button>
              <Button
                icon={<ArrowUpOutlined aria-hidden />}
                disabled={!node || index === 0}
                onClick={() => node && edit(shift(tree, node.key, -1))}
              >
                上移
              </Button>
              <Button
                icon={<ArrowDownOutlined aria-hidden />}
                disabled={!node || index >= siblings - 1}
                onClick={() => node && edit(shift(tree, node.key, 1))}
              >
                下移
              </Button>
              <Button
                icon={<ArrowLeftOutlined aria-hidden />}
                disabled={!node || current?.parentKey === null}
                onClick={() => node && edit(outdent(tree, node.key))}
              >
                升级
              </Button>
              <Button
                icon={<ArrowRightOutlined aria-hidden />}
                disabled={!node || index === 0}
                onClick={() => {
                  if (!node || !current) return;
                  const target = current.siblings[index - 1]!.key;
                  edit(indent(tree, node.key));
                  setExpanded((keys) => [...new Set([...keys, target])]);
                }}
              >
                降级
              </Button>
              <Button danger icon={<DeleteOutlined aria-hidden />} disabled={!node} onClick={askRemove}>
                删除
              </Button>
            </div>
            {invalid && <Alert type="warning" showIcon title={invalid} />}
            <SaveError error={save.error} fallback="目录保存失败" />
            <div className={editorStyles.body}>
              <div className={editorStyles.tree}>
                {tree.length === 0 ? (
                  <Empty description="这本教材还没有目录，点“添加章节”开始" />
                ) : (
                  <Tree
                    aria-label="章节树"
                    blockNode
                    draggable={{ icon: false }}
                    treeData={treeData(tree)}
                    titleRender={titleOf}
                    expandedKeys={expanded}
                    onExpand={(keys) => setExpanded(keys.map(String))}
                    selectedKeys={selected ? [selected] : []}
                    onSelect={(keys) => setSelected(keys.length ? String(keys[0]) : null)}
                    onDoubleClick={(_e, n) => setRenaming(String(n.key))}
                    onDrop={onDrop}
                  />
                )}
              </div>
              <NodePanel node={node} onChange={(patch) => node && edit(update(tree, node.key, patch))} />
            </div>
          </div>
        )}
      </div>
    </Drawer>
  );
}
