import { describe, expect, it } from 'vitest';
import { desktopHistoryHref, historyHref } from './history-link';

describe('historyHref', () => {
  it('opens each kind on its page again', () => {
    expect(historyHref({ kind: 'textbook', itemId: 7 })).toBe('/mobileH5/pdf?id=7');
    expect(historyHref({ kind: 'video', itemId: 3 })).toBe('/mobileH5/networkLearning?id=3');
    expect(historyHref({ kind: 'resource', itemId: 12 })).toBe('/mobile/perview?id=12');
    expect(historyHref({ kind: 'paper', itemId: 5 })).toBe('/digitalResources/paperCenter/print?id=5');
  });

  it('opens each kind on its desktop page', () => {
    expect(desktopHistoryHref({ kind: 'textbook', itemId: 7 })).toBe('/preview?id=7');
    expect(desktopHistoryHref({ kind: 'video', itemId: 3 })).toBe('/videoOnlineLearning?id=3');
    expect(desktopHistoryHref({ kind: 'resource', itemId: 12 })).toBe('/ossPreview?id=12');
    expect(desktopHistoryHref({ kind: 'paper', itemId: 5 })).toBe('/digitalResources/paperCenter/paper?id=5');
  });
});
