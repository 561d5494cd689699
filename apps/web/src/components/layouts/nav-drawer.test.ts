/**
 * The navigation drawer's open state: it follows the menu button, closes on any navigation (also
 * back to a path it was opened on before) and when the viewport grows past the collapse breakpoint.
 */
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NAV_COLLAPSE_QUERY, useNavDrawer } from './nav-drawer';

/** A controllable matchMedia: `resize(matches)` fires the change listeners of NAV_COLLAPSE_QUERY. */
function fakeMedia(initial: boolean) {
  let matches = initial;
  const listeners = new Set<() => void>();
  const spy = vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        get matches() {
          return query === NAV_COLLAPSE_QUERY ? matches : false;
        },
        media: query,
        addEventListener: (_: string, l: () => void) => listeners.add(l),
        removeEventListener: (_: string, l: () => void) => listeners.delete(l),
      }) as unknown as MediaQueryList,
  );
  return {
    spy,
    listeners,
    resize(next: boolean) {
      matches = next;
      act(() => listeners.forEach((l) => l()));
    },
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('useNavDrawer', () => {
  it('breaks at the shell breakpoint of global.css', () => {
    expect(NAV_COLLAPSE_QUERY).toBe('(max-width: 767px)');
  });

  it('opens and closes', () => {
    fakeMedia(true);
    const { result } = renderHook(() => useNavDrawer('/help'));
    expect(result.current.open).toBe(false);
    act(() => result.current.show());
    expect(result.current.open).toBe(true);
    act(() => result.current.close());
    expect(result.current.open).toBe(false);
  });

  it('closes on navigation and stays closed when the path comes back', () => {
    fakeMedia(true);
    const { result, rerender } = renderHook(({ path }) => useNavDrawer(path), { initialProps: { path: '/help' } });
    act(() => result.current.show());
    rerender({ path: '/about' });
    expect(result.current.open).toBe(false);
    rerender({ path: '/help' });
    expect(result.current.open).toBe(false);
  });

  it('closes when the viewport grows past the breakpoint, not when it stays narrow', () => {
    const media = fakeMedia(true);
    const { result, unmount } = renderHook(() => useNavDrawer('/help'));
    act(() => result.current.show());
    media.resize(true);
    expect(result.current.open).toBe(true);
    media.resize(false);
    expect(result.current.open).toBe(false);
    unmount();
    expect(media.listeners.size).toBe(0);
  });
});
