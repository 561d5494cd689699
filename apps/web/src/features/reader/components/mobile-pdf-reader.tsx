/**
 * `/mobileH5/pdf?id=`: the H5 reader, one page at a time. Buttons, horizontal swipes and the
 * keyboard turn pages; − / + buttons and a two-finger pinch zoom (1–3× the screen width), and the
 * page is re-rendered at the new size × devicePixelRatio so text stays sharp. A live region
 * announces page, total and chapter. Progress is saved and resumed like on desktop. A logged-in
 * reader keeps bookmarks, highlights and notes (docs/reader.md) as on desktop: the 书签 button in the
 * header, a toolbar on a text selection, and the 书签与笔记 popup; a visitor is asked to log in first.
 * 查找 (search in the book, anyone) opens a popup from the header; while a search is active the page
 * bar offers 上一处/下一处 and the matches are boxed on the page.
 */
import { Suspense, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, DotLoading, ErrorBlock, ProgressBar, Toast } from 'antd-mobile';
import { LeftOutline, SearchOutline, StarFill, StarOutline, UnorderedListOutline } from 'antd-mobile-icons';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { LIMITS, Messages, type ReaderMarkColor } from '@eav/contract';
import { paths } from '@/config/paths';
import { chunk, lazyFrom } from '@/lib/lazy';
import { currentFullPath } from '@/lib/navigation';
import { useReadGrant } from '../api/get-read-grant';
import { findStatusText, pageFinds, useBookSearch } from '../hooks/use-book-search';
import { useOrphanedMarks } from '../hooks/use-orphaned-marks';
import { usePageMarksLayer } from '../hooks/use-page-marks-layer';
import { useReaderMarks } from '../hooks/use-reader-marks';
import { createAnchor, type TextAnchor } from '../lib/anchor';
import { bookmarkOf, groupMarks } from '../lib/marks';
import { usePageAnnouncement } from '../hooks/use-page-announcement';
import { pageFromSearch, usePageInUrl } from '../hooks/use-page-in-url';
import { useProgressSaver } from '../hooks/use-progress-saver';
import {
  clampPage,
  keyCommand,
  MOBILE_MAX_ZOOM,
  MOBILE_MIN_ZOOM,
  pinchZoom,
  sharpPixelRatio,
  stepMobileZoom,
  type ReaderChapter,
} from '../lib/view';
import { LazyDocument, LazyPage, usePdfChunkAfterPaint } from './lazy-pdf';
import { BookmarkRibbon, FindHighlights, MarkHighlights, SelectionToolbar } from './page-marks';
import styles from './mobile-reader.module.css';

// The marks' popup, note editor and login prompt: a chunk loaded when first needed.
const mobileMarks = chunk(() => import('./mobile-marks'));
const MobileMarksPopup = lazyFrom(mobileMarks, (m) => m.MobileMarksPopup);
const MobileNoteEditor = lazyFrom(mobileMarks, (m) => m.MobileNoteEditor);
// The 查找 popup: a chunk loaded when first opened.
const mobileFind = chunk(() => import('./mobile-find'));
const MobileFindPopup = lazyFrom(mobileFind, (m) => m.MobileFindPopup);

const SWIPE_PX = 50;
/** A4 height / width, used until the page's own size is known. */
const A4_RATIO = 1.414;

type Gesture = { kind: 'swipe'; x: number; y: number } | { kind: 'pinch'; distance: number; zoom: number };

function fingerDistance(touches: React.TouchList): number {
  const a = touches[0]!;
  const b = touches[1]!;
  return Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY);
}

/** The browser's own pinch zoom (1 when unsupported), followed so the canvas is re-rendered sharper. */
function useViewportScale(): number {
  const [scale, setScale] = useState(() => window.visualViewport?.scale ?? 1);
  useEffect(() => {
    const vv = window.visualViewport;
    if (!vv) return;
    let timer: number | undefined;
    // Re-render once the gesture settles, not on every frame.
    const onResize = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => setScale(Math.round(vv.scale * 4) / 4), 250);
    };
    vv.addEventListener('resize', onResize);
    return () => {
      window.clearTimeout(timer);
      vv.removeEventListener('resize', onResize);
    };
  }, []);
  return scale;
}

export function MobilePdfReader({
  bookId,
  title,
  backHref,
  saveProgress,
  chapters,
  pageMarks,
  renderPageNote,
}: {
  bookId: number;
  title: string;
  backHref: string;
  saveProgress: boolean;
  /** The book's chapter tree, for announcing the chapter of the page. */
  chapters?: readonly ReaderChapter[];
  /** Pages to mark and the mark's short text (pages with 勘误): a badge on the page. */
  pageMarks?: ReadonlyMap<number, string>;
  /** Shown above the page bar while a marked page is open (that page's errata notices). */
  renderPageNote?: (page: number) => ReactNode;
}) {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const grant = useReadGrant(bookId, true);
  const pdfReady = usePdfChunkAfterPaint();
  const [numPages, setNumPages] = useState<number | null>(null);
  const [page, setPage] = useState<number | null>(null);
  const [zoom, setZoom] = useState(1);
  /** Live scale while two fingers are down (CSS transform), committed to `zoom` when they lift. */
  const [pinch, setPinch] = useState<number | null>(null);
  const [ratio, setRatio] = useState(A4_RATIO);
  const [failed, setFailed] = useState(false);
  const retried = useRef(false);
  const gesture = useRef<Gesture | null>(null);
  const viewportScale = useViewportScale();
  const fitWidth = Math.min(window.innerWidth, 480) - 16;
  const width = Math.round(fitWidth * zoom);
  const height = Math.round(width * ratio);
  const pixelRatio = sharpPixelRatio(window.devicePixelRatio, viewportScale, width, height);
  const announcement = usePageAnnouncement(page, numPages, chapters);
  const hintId = useId();
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);
  const [marksOpen, setMarksOpen] = useState(false);
  const marksButton = useRef<HTMLButtonElement>(null);
  /** Whether the marks' chunk has been asked for (its popups then stay mounted, for their animations). */
  const [marksUsed, setMarksUsed] = useState(false);
  /** The new note being written: its page and passage (null: a note on the page). */
  const [noteDraft, setNoteDraft] = useState<{ page: number; anchor: TextAnchor | null } | null>(null);
  const marks = useReaderMarks(bookId, (text) => Toast.show({ content: text, icon: 'fail' }));
  const [sheetEl, setSheetEl] = useState<HTMLDivElement | null>(null);
  /** 查找: whether the popup is open, whether it has been (its chunk stays mounted), and the box's text. */
  const [findOpen, setFindOpen] = useState(false);
  const [findUsed, setFindUsed] = useState(false);
  const [findInput, setFindInput] = useState('');
  const findButton = useRef<HTMLButtonElement>(null);
  const find = useBookSearch(pdf, findOpen, findInput);
  /** A search is active (its matches boxed, 上一处/下一处 on the bar) from a query until 结束查找. */
  const findActive = findUsed && find.query !== '';
  const { matches: findMatches, current: findCurrent } = find;
  const found = useMemo(
    () => (findActive ? pageFinds(findMatches, findCurrent, page) : []),
    [findActive, findMatches, findCurrent, page],
  );
  const layer = usePageMarksLayer(sheetEl, page, marks.marks, marks.loggedIn, found);
  const orphans = useOrphanedMarks(pdf, marks.marks, marksOpen);
  const groups = useMemo(() => groupMarks(marks.marks, chapters), [marks.marks, chapters]);
  const bookmark = bookmarkOf(marks.marks, page);

  /** A visitor's tap on a marks button: why it needs an account, and the way to log in. */
  const askToLogIn = () =>
    void mobileMarks
      .load()
      .then((m) =>
        m.askToLogIn(() => navigate(`${paths.mobile.login}?redirect=${encodeURIComponent(currentFullPath())}`)),
      )
      .catch(() => Toast.show({ content: '登录后可使用书签和笔记' }));
  /** The selected passage as an anchor, or null (with a message) when it is too long to keep. */
  const selectedAnchor = (): TextAnchor | null => {
    const sel = layer.selection;
    if (!sel) return null;
    if (sel.range.end - sel.range.start > LIMITS.readerMarks.quoteMax) {
      Toast.show({ content: Messages.readerQuoteTooLong, icon: 'fail' });
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
    if (anchor) {
      setMarksUsed(true);
      setNoteDraft({ page: layer.selection!.page, anchor });
    }
    layer.clearSelection();
  };

  const startPage = useMemo(() => {
    return pageFromSearch(search) ?? grant.data?.progress?.page ?? 1;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- decided once per grant
  }, [grant.data]);

  useProgressSaver(bookId, page, numPages, grant.data?.progress?.page ?? null, saveProgress && !!grant.data);
  const goTo = (p: number) => setPage((cur) => (cur === null ? cur : clampPage(p, numPages)));
  usePageInUrl(page);
  const zoomBy = (dir: 1 | -1) => setZoom((z) => stepMobileZoom(z, dir));
  const closeFind = () => {
    setFindOpen(false);
    // Back to the button that opened it (the popup does not return focus itself).
    findButton.current?.focus();
  };
  const stepFind = (dir: 1 | -1) => {
    const m = find.step(dir, page);
    if (m) goTo(m.page);
  };
  const endFind = () => {
    setFindInput('');
    find.clear();
  };

  // Keyboard (a phone with a keyboard, a tablet, switch access): the desktop reader's shortcuts.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const cmd = keyCommand(e);
      if (!cmd || page === null) return;
      e.preventDefault();
      if (cmd === 'prev') goTo(page - 1);
      else if (cmd === 'next') goTo(page + 1);
      else if (cmd === 'first') goTo(1);
      else if (cmd === 'last') goTo(numPages ?? page);
      else if (cmd === 'zoomIn') zoomBy(1);
      else if (cmd === 'zoomOut') zoomBy(-1);
      else setZoom(1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const back = () => (window.history.length > 1 ? void navigate(-1) : void navigate(backHref));

  const onTouchStart = (e: React.TouchEvent) => {
    if (e.touches.length === 2) gesture.current = { kind: 'pinch', distance: fingerDistance(e.touches), zoom };
    else if (e.touches.length === 1)
      gesture.current = { kind: 'swipe', x: e.touches[0]!.clientX, y: e.touches[0]!.clientY };
  };
  const onTouchMove = (e: React.TouchEvent) => {
    const g = gesture.current;
    if (g?.kind !== 'pinch' || e.touches.length !== 2) return;
    setPinch(pinchZoom(g.zoom, g.distance, fingerDistance(e.touches)) / zoom);
  };
  const onTouchEnd = (e: React.TouchEvent) => {
    const g = gesture.current;
    if (!g) return;
    if (g.kind === 'pinch') {
      if (e.touches.length > 0) return;
      gesture.current = null;
      if (pinch !== null) setZoom((z) => pinchZoom(z, 1, pinch));
      setPinch(null);
      return;
    }
    gesture.current = null;
    // At 1× a horizontal swipe turns the page; zoomed in, a swipe pans the page instead.
    if (page === null || zoom > MOBILE_MIN_ZOOM) return;
    const dx = e.changedTouches[0]!.clientX - g.x;
    const dy = e.changedTouches[0]!.clientY - g.y;
    if (Math.abs(dx) > SWIPE_PX && Math.abs(dx) > Math.abs(dy) * 1.5) goTo(dx < 0 ? page + 1 : page - 1);
  };

  const percent = Math.round(zoom * 100);

  return (
    <div className={styles.reader} data-testid="h5-reader">
      {/* A plain header rather than NavBar: its back control is a div with role=button, unreachable by keyboard. */}
      <header className={styles.nav}>
        <button type="button" className={styles.back} onClick={back} aria-label="返回">
          <LeftOutline aria-hidden />
        </button>
        <h1 className={styles.title}>{title}</h1>
        <button
          type="button"
          className={styles.back}
          ref={findButton}
          onClick={() => {
            setFindUsed(true);
            setFindOpen(true);
          }}
          aria-label="查找"
          aria-haspopup="dialog"
          data-testid="h5-find"
        >
          <SearchOutline aria-hidden />
        </button>
        <button
          type="button"
          className={styles.back}
          onClick={() => (marks.loggedIn ? page !== null && marks.toggleBookmark(page) : askToLogIn())}
          disabled={marks.loggedIn && page === null}
          aria-label="书签"
          aria-pressed={!!bookmark}
          aria-describedby={marks.loggedIn ? undefined : hintId}
          data-testid="h5-bookmark"
        >
          {bookmark ? <StarFill aria-hidden className={styles.on} /> : <StarOutline aria-hidden />}
        </button>
        <button
          type="button"
          className={styles.back}
          onClick={() => {
            if (!marks.loggedIn) return askToLogIn();
            setMarksUsed(true);
            setMarksOpen(true);
          }}
          ref={marksButton}
          aria-label="书签与笔记"
          aria-haspopup="dialog"
          aria-describedby={marks.loggedIn ? undefined : hintId}
        >
          <UnorderedListOutline aria-hidden />
        </button>
        {!marks.loggedIn && (
          <span id={hintId} className={styles.srOnly}>
            登录后可使用书签和笔记
          </span>
        )}
      </header>
      <div className={styles.srOnly} role="status" aria-live="polite" data-testid="reader-announcement">
        {announcement}
      </div>
      <section
        className={`${styles.stage} ${zoom > 1 ? styles.stageZoomed : ''}`}
        onTouchStart={onTouchStart}
        onTouchMove={onTouchMove}
        onTouchEnd={onTouchEnd}
        onTouchCancel={() => {
          gesture.current = null;
          setPinch(null);
        }}
        aria-label="教材页面"
        tabIndex={0}
      >
        {grant.isError ? (
          <ErrorBlock
            status="default"
            title="无法打开这本教材"
            description={grant.error instanceof Error ? grant.error.message : '请稍后重试'}
          >
            <Button color="primary" onClick={() => void grant.refetch()}>
              重试
            </Button>
          </ErrorBlock>
        ) : failed ? (
          <ErrorBlock status="disconnected" title="文件流异常" description="教材文件读取失败，请检查网络后重试">
            <Button
              color="primary"
              onClick={() => {
                retried.current = false;
                setFailed(false);
                void grant.refetch();
              }}
            >
              重新加载
            </Button>
          </ErrorBlock>
        ) : !grant.data ? (
          <PageLoading width={width} height={height} text="正在打开教材" />
        ) : !pdfReady ? (
          // Until pdf.js has arrived: the Document then renders at once, without a Suspense fallback
          // that React would keep on screen for at least 300 ms.
          <PageLoading width={width} height={height} text="正在加载" />
        ) : (
          <Suspense fallback={<PageLoading width={width} height={height} text="正在加载" />}>
            <LazyDocument
              key={grant.data.url}
              file={grant.data.url}
              loading={<PageLoading width={width} height={height} text="正在加载" />}
              error={<span />}
              onLoadSuccess={(doc: PDFDocumentProxy) => {
                setPdf(doc);
                setNumPages(doc.numPages);
                setPage(clampPage(startPage, doc.numPages));
              }}
              onLoadError={() => {
                if (!retried.current) {
                  retried.current = true;
                  void grant.refetch();
                } else setFailed(true);
              }}
            >
              {page !== null && (
                <div
                  ref={setSheetEl}
                  className={styles.sheet}
                  data-testid="reader-page"
                  data-page={page}
                  data-zoom={zoom}
                  data-pixel-ratio={pixelRatio}
                  data-mark={pageMarks?.get(page)}
                  data-bookmarked={bookmark ? 'true' : undefined}
                  style={{
                    width,
                    minHeight: height,
                    transform: pinch !== null ? `scale(${pinch})` : undefined,
                  }}
                >
                  {bookmark && <BookmarkRibbon />}
                  {pageMarks?.has(page) && (
                    <span className={styles.pageMark} data-testid="reader-page-mark">
                      {pageMarks.get(page)}
                    </span>
                  )}
                  {/* Page shares Document's chunk; its first render waits a tick for it, in place. */}
                  <Suspense fallback={<div className={styles.sheetLoading} style={{ width, height }} />}>
                    <LazyPage
                      key={page}
                      pageNumber={page}
                      width={width}
                      devicePixelRatio={pixelRatio}
                      renderAnnotationLayer={false}
                      renderTextLayer
                      {...layer.pageProps}
                      onLoadSuccess={(p) => p.originalWidth > 0 && setRatio(p.originalHeight / p.originalWidth)}
                      loading={<div className={styles.sheetLoading} style={{ width, height }} />}
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
            </LazyDocument>
          </Suspense>
        )}
      </section>
      <footer className={styles.bar}>
        {page !== null && pageMarks?.has(page) && renderPageNote && (
          <section
            className={styles.pageNote}
            aria-label={`第 ${page} 页${pageMarks.get(page)}`}
            data-testid="reader-page-note"
          >
            {renderPageNote(page)}
          </section>
        )}
        {findActive && (
          <div className={styles.findRow} role="group" aria-label="查找结果" data-testid="h5-find-bar">
            <Button size="mini" disabled={!find.matches.length} onClick={() => stepFind(-1)}>
              上一处
            </Button>
            <span className={styles.findCount} role="status" aria-live="polite" data-testid="h5-find-count">
              {find.current >= 0 ? `第 ${find.current + 1}/${find.matches.length} 处` : findStatusText(find).count}
            </span>
            <Button size="mini" disabled={!find.matches.length} onClick={() => stepFind(1)}>
              下一处
            </Button>
            <Button size="mini" fill="none" onClick={endFind}>
              结束查找
            </Button>
          </div>
        )}
        {numPages && page !== null && (
          <div
            role="progressbar"
            aria-label="阅读进度"
            aria-valuemin={1}
            aria-valuemax={numPages}
            aria-valuenow={page}
            aria-valuetext={`第 ${page} 页，共 ${numPages} 页`}
          >
            <ProgressBar percent={(page / numPages) * 100} className={styles.progress} />
          </div>
        )}
        <div className={styles.barRow}>
          <Button size="small" disabled={!page || page <= 1} onClick={() => void (page && goTo(page - 1))}>
            上一页
          </Button>
          <div className={styles.zoomGroup} role="group" aria-label="缩放">
            <Button
              size="mini"
              fill="outline"
              aria-label="缩小"
              disabled={zoom <= MOBILE_MIN_ZOOM}
              onClick={() => zoomBy(-1)}
              data-testid="h5-zoom-out"
            >
              −
            </Button>
            <span className={styles.pageLabel} data-testid="reader-zoom-label" aria-label={`缩放 ${percent}%`}>
              {percent}%
            </span>
            <Button
              size="mini"
              fill="outline"
              aria-label="放大"
              disabled={zoom >= MOBILE_MAX_ZOOM}
              onClick={() => zoomBy(1)}
              data-testid="h5-zoom-in"
            >
              +
            </Button>
          </div>
          <span className={styles.pageLabel} data-testid="reader-page-label">
            {page ?? '-'} / {numPages ?? '-'}
          </span>
          <Button
            size="small"
            color="primary"
            disabled={!page || !numPages || page >= numPages}
            onClick={() => void (page && goTo(page + 1))}
          >
            下一页
          </Button>
        </div>
      </footer>
      {findUsed && (
        <Suspense fallback={null}>
          <MobileFindPopup
            open={findOpen}
            search={find}
            input={findInput}
            onInput={setFindInput}
            onStep={stepFind}
            onPick={(index) => {
              const m = find.select(index);
              if (m) goTo(m.page);
              closeFind();
            }}
            onClose={closeFind}
          />
        </Suspense>
      )}
      {marks.loggedIn && marksUsed && (
        <Suspense fallback={null}>
          <MobileMarksPopup
            open={marksOpen}
            onClose={() => {
              setMarksOpen(false);
              // Back to the button that opened it (the popup does not return focus itself).
              marksButton.current?.focus();
            }}
            actions={marks}
            groups={groups}
            orphans={orphans}
            currentPage={page}
            onJump={goTo}
            onAddPageNote={() => {
              if (page === null) return;
              setMarksOpen(false);
              setNoteDraft({ page, anchor: null });
            }}
          />
          <MobileNoteEditor
            open={noteDraft !== null}
            page={noteDraft?.page ?? null}
            quote={noteDraft?.anchor?.quote ?? null}
            onSave={(note) => {
              if (noteDraft) marks.addNote(noteDraft.page, noteDraft.anchor, note);
              setNoteDraft(null);
            }}
            onClose={() => setNoteDraft(null)}
          />
        </Suspense>
      )}
    </div>
  );
}

/**
 * The page's own box (`width` × `height` CSS px) while the file and pdf.js load, so the page takes
 * its place without moving; a busy status, so assistive technology and checks know it is not done.
 */
function PageLoading({ width, height, text }: { width: number; height: number; text: string }) {
  return (
    <div className={styles.pageLoading} style={{ width, height }} role="status" aria-busy="true">
      {text} <DotLoading />
    </div>
  );
}
