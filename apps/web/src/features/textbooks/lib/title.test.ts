import { describe, expect, it } from 'vitest';
import { splitTitle } from './title';

describe('splitTitle', () => {
  it('moves the series prefix out of the way so the volume stays visible', () => {
    expect(splitTitle('义务教育教科书·数学七年级上册')).toEqual({ series: '义务教育教科书', name: '数学七年级上册' });
    expect(splitTitle('普通高中教科书·物理必修 第一册')).toEqual({ series: '普通高中教科书', name: '物理必修 第一册' });
  });

  it('keeps titles without a series prefix whole', () => {
    expect(splitTitle('数学七年级下册')).toEqual({ series: '', name: '数学七年级下册' });
    expect(splitTitle('张三·李四合著的读本')).toEqual({ series: '', name: '张三·李四合著的读本' });
    expect(splitTitle('义务教育教科书·')).toEqual({ series: '', name: '义务教育教科书·' });
  });
});
