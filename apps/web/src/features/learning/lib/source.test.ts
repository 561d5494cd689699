import { describe, expect, it } from 'vitest';
import { groupByChapter, pickSource } from './source';

const grant = { mp4Url: '/media/videos/1/video.mp4?sig=a', hlsUrl: '/media/videos/1/index.m3u8?sig=a' };

describe('pickSource', () => {
  it('prefers native HLS, then hls.js, then MP4', () => {
    expect(pickSource(grant, { nativeHls: true, hlsJsSupported: true })).toEqual({ kind: 'native', url: grant.hlsUrl });
    expect(pickSource(grant, { nativeHls: false, hlsJsSupported: true })).toEqual({
      kind: 'hls.js',
      url: grant.hlsUrl,
    });
    expect(pickSource(grant, { nativeHls: false, hlsJsSupported: false })).toEqual({
      kind: 'native',
      url: grant.mp4Url,
    });
  });
  it('plays the MP4 when there is no playlist', () => {
    expect(pickSource({ ...grant, hlsUrl: null }, { nativeHls: false, hlsJsSupported: true })).toEqual({
      kind: 'native',
      url: grant.mp4Url,
    });
  });
});

describe('groupByChapter', () => {
  it('groups by chapter keeping order, whole-book lessons first', () => {
    const g = groupByChapter([
      { id: 1, chapterId: 5, chapterTitle: '第一章' },
      { id: 2, chapterId: null, chapterTitle: null },
      { id: 3, chapterId: 5, chapterTitle: '第一章' },
      { id: 4, chapterId: 6, chapterTitle: '第二章' },
    ]);
    expect(g.map((x) => [x.title, x.items.map((i) => i.id)])).toEqual([
      ['全书', [2]],
      ['第一章', [1, 3]],
      ['第二章', [4]],
    ]);
  });
});
