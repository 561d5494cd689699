/**
 * The marks drawn on the page, shared by the desktop and H5 readers (plain elements, no UI library):
 * highlight boxes over the text layer, the bookmark ribbon, the toolbar offered on a text
 * selection (four colours and 笔记), and the boxes of 查找's matches.
 */
import { useEffect, useRef } from 'react';
import type { ReaderMarkColor } from '@eav/contract';
import type { PageSelection, PaintedFind, PaintedMark } from '../hooks/use-page-marks-layer';
import { MARK_COLORS } from '../lib/marks';
import styles from './marks.module.css';

const pct = (n: number) => `${n.toFixed(3)}%`;

/** The page's highlighted and annotated passages, over the text layer (inside react-pdf's Page). */
export function MarkHighlights({ painted }: { painted: readonly PaintedMark[] }) {
  if (!painted.length) return null;
  return (
    <div className={styles.highlights} aria-hidden data-testid="reader-highlights">
      {painted.flatMap(({ mark, boxes }) =>
        boxes.map((b, i) => (
          <div
            key={`${mark.id}-${i}`}
            className={`${styles.box} ${mark.kind === 'highlight' && mark.color ? styles[mark.color] : styles.noted}`}
            style={{ left: pct(b.left), top: pct(b.top), width: pct(b.width), height: pct(b.height) }}
            data-mark-id={mark.id}
            data-kind={mark.kind}
          />
        )),
      )}
    </div>
  );
}

/**
 * The page's search matches over the text layer: the current one strong (and scrolled into view when
 * the page is zoomed), the others lighter. Hidden from assistive technology: the search panel's list
 * and its live region say where the matches are.
 */
export function FindHighlights({ found }: { found: readonly PaintedFind[] }) {
  const current = useRef<HTMLDivElement>(null);
  const currentKey = found.findIndex((f) => f.current && f.boxes.length > 0);
  useEffect(() => {
    current.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [currentKey, found]);
  if (!found.length) return null;
  return (
    <div className={styles.highlights} aria-hidden data-testid="reader-find-highlights">
      {found.flatMap((f, k) =>
        f.boxes.map((b, i) => (
          <div
            key={`${k}-${i}`}
            ref={k === currentKey && i === 0 ? current : undefined}
            className={`${styles.box} ${f.current ? styles.foundCurrent : styles.found}`}
            style={{ left: pct(b.left), top: pct(b.top), width: pct(b.width), height: pct(b.height) }}
            data-current={f.current ? 'true' : undefined}
          />
        )),
      )}
    </div>
  );
}

/** The ribbon of a bookmarked page (the 书签 button's pressed state says it to assistive technology). */
export function BookmarkRibbon() {
  return <span className={styles.ribbon} aria-hidden data-testid="reader-bookmark-ribbon" />;
}

/**
 * The toolbar under a selected passage: 黄/绿/蓝/粉 highlight it, 笔记 opens the note editor. It keeps
 * the selection when clicked (no focus change on mouse down); Escape closes it.
 */
export function SelectionToolbar({
  selection,
  onColor,
  onNote,
  onClose,
}: {
  selection: PageSelection;
  onColor(color: ReaderMarkColor): void;
  onNote(): void;
  onClose(): void;
}) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
  const { box } = selection;
  return (
    <div
      role="toolbar"
      aria-label="划线与笔记"
      className={styles.toolbar}
      data-testid="reader-selection-toolbar"
      style={{
        top: pct(Math.min(box.top + box.height, 92)),
        left: `clamp(0px, ${pct(box.left)}, calc(100% - 220px))`,
      }}
      onMouseDown={(e) => e.preventDefault()}
    >
      {MARK_COLORS.map(({ color, label }) => (
        <button
          key={color}
          type="button"
          className={`${styles.swatch} ${styles[color]}`}
          aria-label={`${label}色划线`}
          title={`${label}色划线`}
          onClick={() => onColor(color)}
        />
      ))}
      <button type="button" className={styles.toolButton} onClick={onNote}>
        笔记
      </button>
    </div>
  );
}
