import { describe, expect, it } from 'vitest';
import { clampPage, effectiveScale, keyCommand, stepZoom } from './view';

describe('reader view', () => {
  it('clamps pages into the book', () => {
    expect(clampPage(0, 10)).toBe(1);
    expect(clampPage(11, 10)).toBe(10);
    expect(clampPage(3.7, 10)).toBe(3);
    expect(clampPage(Number.NaN, 10)).toBe(1);
    expect(clampPage(500, null)).toBe(500);
  });

  it('fits the page or the width', () => {
    const page = { width: 600, height: 800 };
    expect(effectiveScale('fit', { width: 1200, height: 800 }, page)).toBe(1);
    expect(effectiveScale('width', { width: 1200, height: 800 }, page)).toBe(2);
    expect(effectiveScale('fit', { width: 300, height: 2000 }, page)).toBe(0.5);
    expect(effectiveScale(1.5, { width: 1, height: 1 }, page)).toBe(1.5);
    expect(effectiveScale('fit', { width: 0, height: 0 }, page)).toBe(1);
  });

  it('steps through zoom presets from any scale', () => {
    expect(stepZoom(1, 1)).toBe(1.25);
    expect(stepZoom(1.1, 1)).toBe(1.25);
    expect(stepZoom(1.1, -1)).toBe(1);
    expect(stepZoom(3, 1)).toBe(3);
    expect(stepZoom(0.5, -1)).toBe(0.5);
  });

  it('maps keys to commands, except in inputs and with modifiers', () => {
    expect(keyCommand({ key: 'ArrowRight' })).toBe('next');
    expect(keyCommand({ key: 'PageDown' })).toBe('next');
    expect(keyCommand({ key: 'ArrowLeft' })).toBe('prev');
    expect(keyCommand({ key: 'PageUp' })).toBe('prev');
    expect(keyCommand({ key: '+' })).toBe('zoomIn');
    expect(keyCommand({ key: '-' })).toBe('zoomOut');
    expect(keyCommand({ key: 'End' })).toBe('last');
    expect(keyCommand({ key: 'a' })).toBeNull();
    expect(keyCommand({ key: '+', ctrlKey: true })).toBeNull();
    const input = document.createElement('input');
    expect(keyCommand({ key: 'ArrowRight', target: input })).toBeNull();
  });
});
