import { describe, expect, it } from 'vitest';
import { isHls } from './media-views';
import { parseResourceId } from './use-preview';

describe('preview helpers', () => {
  it('recognises HLS playlists', () => {
    expect(isHls('/files/r/1/index.m3u8?sig=abc')).toBe(true);
    expect(isHls('/files/r/1/video.mp4?x=.m3u8')).toBe(false);
  });
  it('accepts only positive integer ids', () => {
    expect(parseResourceId('12')).toBe(12);
    for (const bad of [null, '', '0', '-3', '1.5', 'abc', '9999999999']) expect(parseResourceId(bad)).toBeUndefined();
  });
});
