/**
 * Parts of the chapter tree editor (chapter-editor.tsx): the inline rename input of a tree node and
 * the panel of the selected node's title, start page and page kind.
 */
import { CHAPTER_PAGE_KINDS, LIMITS, type ChapterPageKind } from '@eav/contract';
import { Form, Input, InputNumber, Select } from 'antd';
import type { InputRef } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type { EditNode } from '../lib/chapter-tree';
import editorStyles from './chapter-editor.module.css';
import styles from './console.module.css';

const PAGE_KIND_LABELS: Record<ChapterPageKind, string> = { printed: '印刷页码', pdf: 'PDF 页码' };
const PAGE_KIND_OPTIONS = CHAPTER_PAGE_KINDS.map((k) => ({ value: k, label: PAGE_KIND_LABELS[k] }));
const { titleMax, pageMax } = LIMITS.chapterTree;

/** The inline title input of the node being renamed: Enter or leaving it keeps the text, Escape restores it. */
export function RenameInput({ node, onDone }: { node: EditNode; onDone: (title: string | null) => void }) {
  const [value, setValue] = useState(node.title);
  // Enter unmounts the input, which blurs it: the edit is applied once.
  const done = useRef(false);
  const input = useRef<InputRef>(null);
  // Focused once mounted (not `autoFocus`): the tree's list reacts to focus inside it and must exist by then.
  useEffect(() => input.current?.focus(), []);
  const finish = (title: string | null) => {
    if (done.current) return;
    done.current = true;
    onDone(title);
  };
  return (
    <Input
      ref={input}
      size="small"
      aria-label={`章节标题：${node.title}`}
      value={value}
      maxLength={titleMax}
      onChange={(e) => setValue(e.target.value)}
      onClick={(e) => e.stopPropagation()}
      // The tree's own keys (arrows, Enter) must not act while typing.
      onKeyDown={(e) => {
        e.stopPropagation();
        if (e.key === 'Enter') finish(value.trim() || null);
        if (e.key === 'Escape') finish(null);
      }}
      // The tree's own focus handling (its active node) stays out of the typing.
      onFocus={(e) => e.stopPropagation()}
      onBlur={(e) => {
        e.stopPropagation();
        finish(value.trim() || null);
      }}
      style={{ width: 320 }}
    />
  );
}

/** The selected node's fields; `onChange` receives the changed ones. */
export function NodePanel({
  node,
  onChange,
}: {
  node: EditNode | null;
  onChange: (patch: Partial<Pick<EditNode, 'title' | 'page' | 'pageKind' | 'pageInferred'>>) => void;
}) {
  return (
    <section className={editorStyles.panel} aria-label="选中的章节">
      {node ? (
        <Form layout="vertical" name="chapter">
          <h3 className={styles.subtitle}>选中的章节</h3>
          <Form.Item label="标题" required htmlFor="chapter-title">
            <Input
              id="chapter-title"
              value={node.title}
              maxLength={titleMax}
              status={node.title.trim() ? undefined : 'error'}
              onChange={(e) => onChange({ title: e.target.value })}
            />
          </Form.Item>
          <Form.Item label="起始页码" htmlFor="chapter-page" extra="章节到下一章节的起始页之前结束。">
            <InputNumber
              id="chapter-page"
              min={0}
              max={pageMax}
              precision={0}
              style={{ width: '100%' }}
              value={node.page}
              onChange={(v) => onChange({ page: v ?? null, pageInferred: false })}
            />
          </Form.Item>
          <Form.Item label="页码类型" htmlFor="chapter-page-kind">
            <Select<ChapterPageKind>
              id="chapter-page-kind"
              options={PAGE_KIND_OPTIONS}
              value={node.pageKind}
              onChange={(v) => onChange({ pageKind: v })}
            />
          </Form.Item>
          {node.refs > 0 && <p className={styles.muted}>有 {node.refs} 个资源、视频或作业引用这个章节。</p>}
        </Form>
      ) : (
        <p className={styles.muted}>选中一个章节后可修改标题和页码。</p>
      )}
    </section>
  );
}
