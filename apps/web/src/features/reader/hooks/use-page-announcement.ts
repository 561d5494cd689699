/**
 * The live-region text for the reader (WCAG 2.2 4.1.3 Status Messages): "第 N 页，共 M 页" after each
 * page change, with the chapter title when the chapter changed (lib/view.ts `pageAnnouncement`).
 */
import { useEffect, useRef, useState } from 'react';
import { chapterTitleAt, pageAnnouncement, type ReaderChapter } from '../lib/view';

export function usePageAnnouncement(
  page: number | null,
  numPages: number | null,
  chapters: readonly ReaderChapter[] | undefined,
): string {
  const [text, setText] = useState('');
  const lastChapter = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (page === null || !numPages) return;
    const chapter = chapterTitleAt(chapters, page);
    setText(pageAnnouncement(page, numPages, chapter, lastChapter.current));
    lastChapter.current = chapter;
  }, [page, numPages, chapters]);
  return text;
}
