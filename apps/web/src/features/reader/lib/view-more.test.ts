import { describe, expect, it } from 'vitest';
import {
  chapterTitleAt,
  keyCommand,
  MAX_CANVAS_PIXELS,
  pageAnnouncement,
  pinchZoom,
  sharpPixelRatio,
  stepMobileZoom,
  type ReaderChapter,
} from './view';

const ch = (title: string, page: number | null, children: ReaderChapter[] = []): ReaderChapter => ({
  title,
  page,
  children,
});

describe('chapterTitleAt', () => {
  const tree = [
    ch('第一章 运动', 3, [ch('1.1 质点', 3), ch('1.2 位移', 6)]),
    ch('第二章 力', 10, [ch('2.1 重力', null)]),
  ];

  it('finds the deepest chapter that started at or before the page', () => {
    expect(chapterTitleAt(tree, 4)).toBe('1.1 质点');
    expect(chapterTitleAt(tree, 8)).toBe('1.2 位移');
    expect(chapterTitleAt(tree, 12)).toBe('第二章 力');
  });

  it('answers undefined before the first chapter or without chapters', () => {
    expect(chapterTitleAt(tree, 1)).toBeUndefined();
    expect(chapterTitleAt(undefined, 5)).toBeUndefined();
  });
});

describe('pageAnnouncement', () => {
  it('names page and total, and the chapter only when it changed', () => {
    expect(pageAnnouncement(3, 120, '第一章 运动', undefined)).toBe('第 3 页，共 120 页，第一章 运动');
    expect(pageAnnouncement(4, 120, '第一章 运动', '第一章 运动')).toBe('第 4 页，共 120 页');
    expect(pageAnnouncement(1, 120, undefined, undefined)).toBe('第 1 页，共 120 页');
  });
});

describe('H5 zoom', () => {
  it('steps through the presets within 1..3', () => {
    expect(stepMobileZoom(1, 1)).toBe(1.25);
    expect(stepMobileZoom(1.3, 1)).toBe(1.5);
    expect(stepMobileZoom(3, 1)).toBe(3);
    expect(stepMobileZoom(1.3, -1)).toBe(1.25);
    expect(stepMobileZoom(1, -1)).toBe(1);
  });

  it('follows the fingers and stays within limits', () => {
    expect(pinchZoom(1, 100, 200)).toBe(2);
    expect(pinchZoom(2, 100, 75)).toBe(1.5);
    expect(pinchZoom(1, 100, 50)).toBe(1);
    expect(pinchZoom(2, 100, 400)).toBe(3);
    expect(pinchZoom(1.5, 0, 100)).toBe(1.5);
  });
});

describe('sharpPixelRatio', () => {
  it('renders at the device pixel ratio times the browser zoom', () => {
    expect(sharpPixelRatio(3, 1, 359, 508)).toBe(3);
    expect(sharpPixelRatio(2, 1.5, 359, 508)).toBe(3);
    expect(sharpPixelRatio(1, 0.5, 359, 508)).toBe(1);
  });

  it('bounds the canvas size for a zoomed page', () => {
    const r = sharpPixelRatio(3, 1, 1500, 2100);
    expect(r).toBeLessThan(3);
    expect(1500 * r * 2100 * r).toBeLessThanOrEqual(MAX_CANVAS_PIXELS * 1.01);
  });
});

describe('keyCommand in widgets', () => {
  it('leaves the arrow keys to the slider and the chapter tree', () => {
    const inside = (role: string) => ({ closest: (sel: string) => (sel.includes(`"${role}"`) ? {} : null) });
    expect(keyCommand({ key: 'ArrowRight', target: inside('slider') as unknown as EventTarget })).toBeNull();
    expect(keyCommand({ key: 'ArrowLeft', target: inside('tree') as unknown as EventTarget })).toBeNull();
    const plain = { tagName: 'DIV', closest: () => null } as unknown as EventTarget;
    expect(keyCommand({ key: 'ArrowRight', target: plain })).toBe('next');
    expect(keyCommand({ key: 'End', target: plain })).toBe('last');
  });
});
