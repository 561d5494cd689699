/** Where a 浏览记录 entry opens: on the H5 site and on the desktop site. */
import type { BrowseHistoryItem } from '@eav/contract';
import { paperPrintPath, paths } from '@/config/paths';

/** The page that opens the entry's item again (the H5 page where one exists). */
export function historyHref(item: Pick<BrowseHistoryItem, 'kind' | 'itemId'>): string {
  switch (item.kind) {
    case 'textbook':
      return `${paths.mobile.pdf}?id=${item.itemId}`;
    case 'video':
      return `${paths.mobile.networkLearning}?id=${item.itemId}`;
    case 'resource':
      return `${paths.mobilePerview}?id=${item.itemId}`;
    case 'paper':
      return paperPrintPath('paper', item.itemId);
  }
}

/** The desktop page that opens the entry's item again: the reader, the lesson, the preview, the paper. */
export function desktopHistoryHref(item: Pick<BrowseHistoryItem, 'kind' | 'itemId'>): string {
  switch (item.kind) {
    case 'textbook':
      return `${paths.preview}?id=${item.itemId}`;
    case 'video':
      return `${paths.videoOnlineLearning}?id=${item.itemId}`;
    case 'resource':
      return `${paths.ossPreview}?id=${item.itemId}`;
    case 'paper':
      return `${paths.paperDetail}?id=${item.itemId}`;
  }
}
