/**
 * The desktop online reader (`/preview`): pdf.js through react-pdf with page navigation, zoom
 * (fit page, fit width, presets), thumbnails, the chapter tree jumping to pages, full screen,
 * keyboard shortcuts, reading progress saved to the server (debounced) and resumed on open, and the
 * user's marks (书签, 划线, 笔记; docs/reader.md): a bookmark button, a toolbar on a text selection,
 * highlights drawn over the text layer, and the 书签与笔记 panel; and 查找 (search in the book: a
 * panel with the matches, 上一处/下一处, the matches boxed on the page; Ctrl/Cmd+F opens it).
 * The PDF comes from a short-lived signed URL; if it stops working mid-load a new one is fetched.
 */
import { Suspense, useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  ArrowLeftOutlined,
  ColumnWidthOutlined,
  CompressOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  LeftOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  ProfileOutlined,
  RightOutlined,
  SearchOutlined,
  TagFilled,
  TagOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import {
  App,
  Button,
  ConfigProvider,
  Empty,
  InputNumber,
  Result,
  Slider,
  Spin,
  Tabs,
  Tooltip,
  theme as antTheme,
  type ThemeConfig,
} from 'antd';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useNavigate, useSearchParams } from 'react-router';
import { LIMITS, Messages, type ReaderMarkColor } from '@eav/contract';
import { chunk, lazyFrom } from '@/lib/lazy';
import { useReadGrant } from '../api/get-read-grant';
import { pageFinds, useBookSearch } from '../hooks/use-book-search';
import { useOrphanedMarks } from '../hooks/use-orphaned-marks';
import { usePageAnnouncement } from '../hooks/use-page-announcement';
import { usePageMarksLayer } from '../hooks/use-page-marks-layer';
import { useReaderMarks } from '../hooks/use-reader-marks';
import { pageFromSearch, usePageInUrl } from '../hooks/use-page-in-url';
import { useProgressSaver } from '../hooks/use-progress-saver';
import { createAnchor, type TextAnchor } from '../lib/anchor';
import { bookmarkOf, groupMarks } from '../lib/marks';
import { clampPage, effectiveScale, keyCommand, stepZoom, type ReaderChapter, type ZoomMode } from '../lib/view';
import { LazyDocument, LazyOutline, LazyPage, usePdfChunkAfterPaint } from './lazy-pdf';
import { MARKS_LOGIN_HINT, MarksPanel, NoteEditorModal } from './marks-panel';
import { BookmarkRibbon, FindHighlights, MarkHighlights, SelectionToolbar } from './page-marks';
import styles from './reader.module.css';

// The 查找 panel: a chunk loaded when the search first opens (the reader's first load carries none).
const findPanel = chunk(() => import('./find-panel'));
const FindPanel = lazyFrom(findPanel, (m) => m.FindPanel);

/**
 * The reader's dark toolbars. A nested ConfigProvider inherits the portal's tokens, whose dark text
 * colours (theme.ts) would turn the icons and numbers dark on dark: set the text tokens for the dark
 * background again (white at 85 % / 75 % / 65 %, all above 4.5:1 on #1f2329 and #2b2f36, WCAG 1.4.3).
 */
const READER_DARK: ThemeConfig = {
  algorithm: antTheme.darkAlgorithm,
  token: {
    colorTextBase: '#ffffff',
    colorTextSecondary: 'rgba(255, 255, 255, 0.75)',
    colorTextTertiary: 'rgba(255, 255, 255, 0.65)',
    colorTextDescription: 'rgba(255, 255, 255, 0.65)',
    // The page box waits disabled for the PDF; its number stays readable on the dark toolbar.
    colorTextDisabled: 'rgba(255, 255, 255, 0.6)',
  },
};

export interface PdfReaderProps {
  bookId: number;
  title: string;
  /** Where the back button goes (the book's detail page). */
  backHref: string;
  /** Whether progress is saved (logged-in users only). */
  saveProgress: boolean;
  /** The book's chapter tree, given the current page and a jump function; null shows the PDF outline. */
  renderChapters?: ((currentPage: number, jump: (page: number) => void) => ReactNode) | null;
  /** The book's chapter tree, for announcing the chapter of the page to screen readers. */
  chapters?: readonly ReaderChapter[];
  /**
   * Pages to mark and the mark's short text (the route passes the pages with 勘误): a badge on the
   * page and on its thumbnail.
   */
  pageMarks?: ReadonlyMap<number, string>;
  /** Shown in a panel beside a marked page while it is open (e.g. that page's errata notices). */
  renderPageNote?: (page: number) => ReactNode;
}

/** Size of an element that may mount later (callback ref + ResizeObserver). */
function useElementSize<T extends HTMLElement>() {
  const [el, setEl] = useState<T | null>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  useEffect(() => {
    if (!el) return;
    const ro = new ResizeObserver(([entry]) => {
      const r = entry!.contentRect;
      setSize((s) => (s.width === r.width && s.height === r.height ? s : { width: r.width, height: r.height }));
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, [el]);
  return [setEl, size, el] as const;
}

/** A thumbnail rendered only once it scrolls near the sidebar's view. */
function LazyThumb({
  pageNumber,
  active,
  onClick,
  aspect,
  mark,
}: {
  pageNumber: number;
  active: boolean;
  onClick(): void;
  aspect: number;
  mark?: string | undefined;
}) {
  const ref = useRef<HTMLButtonElement>(null);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || visible) return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setVisible(true), {
      rootMargin: '400px 0px',
    });
    io.observe(el);
    return () => io.disconnect();
  }, [visible]);
  useEffect(() => {
    if (active) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [active]);
  return (
    <button
      ref={ref}
      type="button"
      className={`${styles.thumb} ${active ? styles.thumbActive : ''}`}
      onClick={onClick}
      aria-label={`第 ${pageNumber} 页${mark ? `（${mark}）` : ''}`}
      aria-current={active ? 'page' : undefined}
      data-mark={mark}
    >
      <span className={styles.thumbBox} style={{ aspectRatio: String(aspect) }}>
        {/* A bare page, not react-pdf's Thumbnail: that one is a link, which would nest inside this button. */}
        {visible && (
          <Suspense fallback={null}>
            <LazyPage
              pageNumber={pageNumber}
              width={132}
              renderTextLayer={false}
              renderAnnotationLayer={false}
              loading=""
            />
          </Suspense>
        )}
        {mark && (
          <span className={styles.pageMark} aria-hidden>
            {mark}
          </span>
        )}
      </span>
      <span className={styles.thumbNo}>{pageNumber}</span>
    </button>
  );
}

export function PdfReader({
  bookId,
  title,
  backHref,
  saveProgress,
  renderChapters,
  chapters,
  pageMarks,
  renderPageNote,
}: PdfReaderProps) {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const grant = useReadGrant(bookId, true);
  usePdfChunkAfterPaint();
  // One loading state while pdf.js arrives and then while it opens the file.
  const fileLoading = <Spin size="large" description="正在加载教材文件…" className={styles.center} />;
  const [numPages, setNumPages] = useState<number | null>(null);
  const [page, setPage] = useState<number | null>(null);
  const [pageInput, setPageInput] = useState<number | null>(null);
  const [zoom, setZoom] = useState<ZoomMode>('fit');
  const [natural, setNatural] = useState({ width: 595, height: 842 });
  const [sidebar, setSidebar] = useState(true);
  const [tab, setTab] = useState<'chapters' | 'thumbs'>(renderChapters ? 'chapters' : 'thumbs');
  const [fullscreen, setFullscreen] = useState(false);
  const [loadError, setLoadError] = useState<Error | null>(null);
  const retried = useRef(false);
  // The page's main landmark: the reader fills the bare /preview page.
  const rootRef = useRef<HTMLElement>(null);
  const [viewRef, view, viewEl] = useElementSize<HTMLDivElement>();
  const hintId = useId();
  const announcement = usePageAnnouncement(page, numPages, chapters);
  const { message } = App.useApp();
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);
  const [marksOpen, setMarksOpen] = useState(false);
  /** The new note being written: its page and passage (null: a note on the page). */
  const [noteDraft, setNoteDraft] = useState<{ page: number; anchor: TextAnchor | null } | null>(null);
  const marks = useReaderMarks(bookId, (text) => void message.error(text));
  const [sheetEl, setSheetEl] = useState<HTMLDivElement | null>(null);
  const [findOpen, setFindOpen] = useState(false);
  const [findInput, setFindInput] = useState('');
  /** Bumped to focus the search box again (Ctrl+F while the panel is open). */
  const [findFocus, setFindFocus] = useState(0);
  const findButton = useRef<HTMLButtonElement>(null);
  const find = useBookSearch(pdf, findOpen, findInput);
  const { matches: findMatches, current: findCurrent } = find;
  const found = useMemo(
    () => (findOpen ? pageFinds(findMatches, findCurrent, page) : []),
    [findOpen, findMatches, findCurrent, page],
  );
  const layer = usePageMarksLayer(sheetEl, page, marks.marks, marks.loggedIn, found);
  const orphans = useOrphanedMarks(pdf, marks.marks, marksOpen);
  const groups = useMemo(() => groupMarks(marks.marks, chapters), [marks.marks, chapters]);
  const bookmark = bookmarkOf(marks.marks, page);

  /** The selected passage as an anchor, or null (with a message) when it is too long to keep. */
  const selectedAnchor = (): TextAnchor | null => {
    const sel = layer.selection;
    if (!sel) return null;
    if (sel.range.end - sel.range.start > LIMITS.readerMarks.quoteMax) {
      void message.error(Messages.readerQuoteTooLong);
      return null;
    }
    return createAnchor(sel.text.text, sel.range.start, sel.range.end, sel.page);
  };
  const highlight = (color: ReaderMarkColor) => {
    const anchor = selectedAnchor();
    if (anchor) marks.addHighlight(layer.selection!.page, anchor, color);
    layer.clearSelection();
  };
  const noteOnSelection = () => {
    const anchor = selectedAnchor();
    if (anchor) setNoteDraft({ page: layer.selection!.page, anchor });
    layer.clearSelection();
  };

  // Where to open: an explicit ?page= (chapter link), else the saved progress, else page 1.
  const startPage = useMemo(() => {
    return pageFromSearch(search) ?? grant.data?.progress?.page ?? 1;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- decided once per grant
  }, [grant.data]);

  useProgressSaver(bookId, page, numPages, grant.data?.progress?.page ?? null, saveProgress && !!grant.data);

  const goTo = useCallback((p: number) => setPage((cur) => (cur === null ? cur : clampPage(p, numPages))), [numPages]);
  usePageInUrl(page);

  const openFind = () => {
    setMarksOpen(false);
    setFindOpen(true);
    setFindFocus((k) => k + 1);
  };
  const closeFind = () => {
    setFindOpen(false);
    findButton.current?.focus();
  };
  const stepFind = (dir: 1 | -1) => {
    const m = find.step(dir, page);
    if (m) goTo(m.page);
  };
  const pickFind = (index: number) => {
    const m = find.select(index);
    if (m) goTo(m.page);
  };

  const onDocumentLoad = async (pdf: PDFDocumentProxy) => {
    setLoadError(null);
    setPdf(pdf);
    setNumPages(pdf.numPages);
    setPage(clampPage(startPage, pdf.numPages));
    const first = await pdf.getPage(1);
    const vp = first.getViewport({ scale: 1 });
    setNatural({ width: vp.width, height: vp.height });
  };

  const onDocumentError = (error: Error) => {
    // The signed URL may have expired or the connection dropped: try once with a fresh grant.
    if (!retried.current) {
      retried.current = true;
      void grant.refetch();
      return;
    }
    setLoadError(error);
  };

  // Padding around the page inside the viewport.
  const scale = effectiveScale(zoom, { width: view.width - 48, height: view.height - 48 }, natural);
  const zoomBy = (dir: 1 | -1) => setZoom(stepZoom(scale, dir));

  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void rootRef.current?.requestFullscreen?.().catch(() => undefined);
  };
  useEffect(() => {
    const onChange = () => setFullscreen(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      // Ctrl/Cmd+F: the reader's own search (the browser's would find only the page on screen).
      if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'f') {
        e.preventDefault();
        openFind();
        return;
      }
      const cmd = keyCommand(e);
      if (!cmd || page === null) return;
      e.preventDefault();
      if (cmd === 'prev') goTo(page - 1);
      else if (cmd === 'next') goTo(page + 1);
      else if (cmd === 'first') goTo(1);
      else if (cmd === 'last') goTo(numPages ?? page);
      else if (cmd === 'zoomIn') zoomBy(1);
      else if (cmd === 'zoomOut') zoomBy(-1);
      else setZoom('fit');
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  useEffect(() => setPageInput(page), [page]);
  // A new page starts at its top.
  useEffect(() => {
    viewEl?.scrollTo({ top: 0 });
  }, [page, viewEl]);

  const body = (() => {
    if (grant.isError) {
      return (
        <Result
          status="warning"
          title="无法打开这本教材"
          subTitle={grant.error instanceof Error ? grant.error.message : '请稍后重试'}
          extra={<Button onClick={() => void grant.refetch()}>重试</Button>}
        />
      );
    }
    if (loadError) {
      return (
        <Result
          status="error"
          title="文件流异常"
          subTitle="教材文件读取失败，请检查网络后重试。"
          extra={
            <Button
              type="primary"
              onClick={() => {
                retried.current = false;
                setLoadError(null);
                void grant.refetch();
              }}
            >
              重新加载
            </Button>
          }
        />
      );
    }
    if (!grant.data) return <Spin size="large" description="正在打开教材…" className={styles.center} />;
    return null;
  })();

  const pageW = Math.round(natural.width * scale);
  const pageH = Math.round(natural.height * scale);
  const percent = Math.round(scale * 100);

  return (
    <main ref={rootRef} className={styles.reader} data-testid="pdf-reader">
      <ConfigProvider theme={READER_DARK}>
        <header className={styles.toolbar}>
          <div className={styles.toolGroup}>
            <Tooltip title="返回教材详情">
              <Button type="text" icon={<ArrowLeftOutlined />} onClick={() => navigate(backHref)} aria-label="返回" />
            </Tooltip>
            <Tooltip title={sidebar ? '收起侧栏' : '展开目录与缩略图'}>
              <Button
                type="text"
                icon={sidebar ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
                onClick={() => setSidebar((s) => !s)}
                aria-label="目录与缩略图"
                aria-expanded={sidebar}
              />
            </Tooltip>
            <h1 className={styles.title} title={title}>
              {title}
            </h1>
          </div>
          <div className={styles.toolGroup}>
            <Tooltip title="上一页 (← / PageUp)">
              <Button
                type="text"
                icon={<LeftOutlined />}
                disabled={!page || page <= 1}
                onClick={() => page && goTo(page - 1)}
                aria-label="上一页"
              />
            </Tooltip>
            <InputNumber
              size="small"
              className={styles.pageInput}
              min={1}
              max={numPages ?? 1}
              value={pageInput}
              disabled={!numPages}
              controls={false}
              aria-label="页码"
              onChange={(v) => setPageInput(typeof v === 'number' ? v : null)}
              onPressEnter={() => pageInput && goTo(pageInput)}
              onBlur={() => (pageInput ? goTo(pageInput) : setPageInput(page))}
            />
            <span className={styles.pageTotal} data-testid="reader-page-label">
              / {numPages ?? '-'}
            </span>
            <Tooltip title="下一页 (→ / PageDown)">
              <Button
                type="text"
                icon={<RightOutlined />}
                disabled={!page || !numPages || page >= numPages}
                onClick={() => page && goTo(page + 1)}
                aria-label="下一页"
              />
            </Tooltip>
          </div>
          <div className={styles.toolGroup}>
            <Tooltip title={marks.loggedIn ? (bookmark ? '取消本页书签' : '给本页加书签') : MARKS_LOGIN_HINT}>
              <Button
                type="text"
                icon={bookmark ? <TagFilled /> : <TagOutlined />}
                className={bookmark ? styles.toolOn : ''}
                disabled={!marks.loggedIn || page === null}
                onClick={() => page !== null && marks.toggleBookmark(page)}
                aria-label="书签"
                aria-pressed={!!bookmark}
                aria-describedby={marks.loggedIn ? undefined : hintId}
              />
            </Tooltip>
            <Tooltip title="查找 (Ctrl+F)">
              <Button
                ref={findButton}
                type="text"
                icon={<SearchOutlined />}
                className={findOpen ? styles.toolOn : ''}
                onClick={() => (findOpen ? closeFind() : openFind())}
                aria-label="查找"
                aria-expanded={findOpen}
                aria-keyshortcuts="Control+F Meta+F"
              />
            </Tooltip>
            <Tooltip title="书签与笔记">
              <Button
                type="text"
                icon={<ProfileOutlined />}
                className={marksOpen ? styles.toolOn : ''}
                onClick={() => {
                  setFindOpen(false);
                  setMarksOpen((o) => !o);
                }}
                aria-label="书签与笔记"
                aria-expanded={marksOpen}
                aria-describedby={marks.loggedIn ? undefined : hintId}
              />
            </Tooltip>
            {!marks.loggedIn && (
              <span id={hintId} className={styles.srOnly}>
                {MARKS_LOGIN_HINT}
              </span>
            )}
            <Tooltip title="缩小 (-)">
              <Button type="text" icon={<ZoomOutOutlined />} onClick={() => zoomBy(-1)} aria-label="缩小" />
            </Tooltip>
            <span className={styles.zoomLabel} aria-live="polite">
              {percent}%
            </span>
            <Tooltip title="放大 (+)">
              <Button type="text" icon={<ZoomInOutlined />} onClick={() => zoomBy(1)} aria-label="放大" />
            </Tooltip>
            <Tooltip title="整页 (0)">
              <Button
                type="text"
                icon={<CompressOutlined />}
                className={zoom === 'fit' ? styles.toolOn : ''}
                onClick={() => setZoom('fit')}
                aria-label="整页"
              />
            </Tooltip>
            <Tooltip title="适合宽度">
              <Button
                type="text"
                icon={<ColumnWidthOutlined />}
                className={zoom === 'width' ? styles.toolOn : ''}
                onClick={() => setZoom('width')}
                aria-label="适合宽度"
              />
            </Tooltip>
            <Tooltip title={fullscreen ? '退出全屏' : '全屏阅读'}>
              <Button
                type="text"
                icon={fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
                onClick={toggleFullscreen}
                aria-label="全屏"
              />
            </Tooltip>
          </div>
        </header>
      </ConfigProvider>
      {/* Page changes (buttons, keys, slider, chapter links) are announced once, here. */}
      <div className={styles.srOnly} role="status" aria-live="polite" data-testid="reader-announcement">
        {announcement}
      </div>

      {body ?? (
        <Suspense fallback={fileLoading}>
          <LazyDocument
            key={grant.data!.url}
            file={grant.data!.url}
            onLoadSuccess={(pdf) => void onDocumentLoad(pdf)}
            onLoadError={onDocumentError}
            onItemClick={({ pageNumber }) => goTo(pageNumber)}
            loading={fileLoading}
            error={<span />}
            className={styles.body}
          >
            {sidebar && (
              <aside className={styles.sidebar} aria-label="目录与缩略图">
                <Tabs
                  size="small"
                  centered
                  activeKey={tab}
                  onChange={(k) => setTab(k as typeof tab)}
                  items={[
                    {
                      key: 'chapters',
                      label: '目录',
                      children: (
                        <div className={styles.sideScroll}>
                          {renderChapters ? (
                            renderChapters(page ?? 1, goTo)
                          ) : (
                            <Suspense fallback={null}>
                              <LazyOutline
                                className={styles.outline}
                                onItemClick={({ pageNumber }) => goTo(pageNumber)}
                              />
                            </Suspense>
                          )}
                        </div>
                      ),
                    },
                    {
                      key: 'thumbs',
                      label: '缩略图',
                      children: (
                        <div className={`${styles.sideScroll} ${styles.thumbs}`}>
                          {numPages ? (
                            Array.from({ length: numPages }, (_, i) => (
                              <LazyThumb
                                key={i + 1}
                                pageNumber={i + 1}
                                active={page === i + 1}
                                aspect={natural.width / natural.height}
                                mark={pageMarks?.get(i + 1)}
                                onClick={() => goTo(i + 1)}
                              />
                            ))
                          ) : (
                            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无页面" />
                          )}
                        </div>
                      ),
                    },
                  ]}
                />
              </aside>
            )}
            <div className={styles.main}>
              {/* Focusable so the keyboard can scroll a zoomed page (WCAG 2.1.1). */}
              <div ref={viewRef} className={styles.viewport} tabIndex={0} role="region" aria-label="教材页面">
                {page !== null && (
                  <div
                    ref={setSheetEl}
                    className={styles.sheet}
                    style={{ width: pageW, height: pageH }}
                    data-testid="reader-page"
                    data-page={page}
                    data-mark={pageMarks?.get(page)}
                    data-bookmarked={bookmark ? 'true' : undefined}
                  >
                    {bookmark && <BookmarkRibbon />}
                    {pageMarks?.has(page) && (
                      <span className={`${styles.pageMark} ${styles.sheetMark}`} data-testid="reader-page-mark">
                        {pageMarks.get(page)}
                      </span>
                    )}
                    {/* Page shares Document's chunk; its first render waits a tick for it, in place. */}
                    <Suspense
                      fallback={<div className={styles.sheetLoading} style={{ width: pageW, height: pageH }} />}
                    >
                      <LazyPage
                        key={page}
                        pageNumber={page}
                        scale={scale}
                        renderAnnotationLayer={false}
                        renderTextLayer
                        {...layer.pageProps}
                        loading={<div className={styles.sheetLoading} style={{ width: pageW, height: pageH }} />}
                        onLoadSuccess={(p) =>
                          setNatural((n) =>
                            Math.abs(n.width - p.originalWidth) < 0.5 && Math.abs(n.height - p.originalHeight) < 0.5
                              ? n
                              : { width: p.originalWidth, height: p.originalHeight },
                          )
                        }
                      >
                        <MarkHighlights painted={layer.painted} />
                        <FindHighlights found={layer.found} />
                      </LazyPage>
                    </Suspense>
                    {layer.selection && layer.selection.page === page && (
                      <SelectionToolbar
                        selection={layer.selection}
                        onColor={highlight}
                        onNote={noteOnSelection}
                        onClose={layer.clearSelection}
                      />
                    )}
                  </div>
                )}
              </div>
              {page !== null && pageMarks?.has(page) && renderPageNote && (
                <section
                  className={styles.pageNote}
                  aria-label={`第 ${page} 页${pageMarks.get(page)}`}
                  data-testid="reader-page-note"
                >
                  {renderPageNote(page)}
                </section>
              )}
              {page !== null && numPages && (
                <>
                  <button
                    type="button"
                    className={`${styles.flip} ${styles.flipPrev}`}
                    disabled={page <= 1}
                    onClick={() => goTo(page - 1)}
                    aria-label="上一页"
                  >
                    <LeftOutlined />
                  </button>
                  <button
                    type="button"
                    className={`${styles.flip} ${styles.flipNext}`}
                    disabled={page >= numPages}
                    onClick={() => goTo(page + 1)}
                    aria-label="下一页"
                  >
                    <RightOutlined />
                  </button>
                  <ConfigProvider theme={READER_DARK}>
                    <div className={styles.scrubber}>
                      <Slider
                        min={1}
                        max={numPages}
                        value={page}
                        onChange={(v) => goTo(v)}
                        tooltip={{ formatter: (v) => `第 ${v} 页` }}
                        ariaLabelForHandle="翻到页码"
                        ariaValueTextFormatterForHandle={(v) => `第 ${v} 页，共 ${numPages} 页`}
                      />
                      <span className={styles.scrubLabel} aria-hidden>
                        第 {page} 页 · 共 {numPages} 页 · {Math.round((page / numPages) * 100)}%
                      </span>
                    </div>
                  </ConfigProvider>
                </>
              )}
            </div>
            {findOpen && (
              <Suspense fallback={null}>
                <FindPanel
                  search={find}
                  input={findInput}
                  onInput={setFindInput}
                  onStep={stepFind}
                  onPick={pickFind}
                  onClose={closeFind}
                  focusKey={findFocus}
                />
              </Suspense>
            )}
            {marksOpen && (
              <MarksPanel
                actions={marks}
                groups={groups}
                orphans={orphans}
                currentPage={page}
                onJump={goTo}
                onAddPageNote={() => page !== null && setNoteDraft({ page, anchor: null })}
              />
            )}
          </LazyDocument>
        </Suspense>
      )}
      <NoteEditorModal
        open={noteDraft !== null}
        page={noteDraft?.page ?? null}
        quote={noteDraft?.anchor?.quote ?? null}
        onSave={(note) => {
          if (noteDraft) marks.addNote(noteDraft.page, noteDraft.anchor, note);
          setNoteDraft(null);
        }}
        onCancel={() => setNoteDraft(null)}
      />
    </main>
  );
}
