import { Suspense } from 'react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chunk, lazyFrom } from './lazy';

const Hello = ({ name }: { name: string }) => <p>你好，{name}</p>;

describe('chunk', () => {
  // loadChunk tries twice before a load fails.
  it('loads once, keeps the module and tries again after a failure', async () => {
    const load = vi
      .fn<() => Promise<{ Hello: typeof Hello }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ Hello });
    const c = chunk(load);
    await expect(c.load()).rejects.toThrow('offline');
    expect(c.loaded()).toBeUndefined();
    const [a, b] = [c.load(), c.load()];
    await expect(a).resolves.toEqual({ Hello });
    expect(b).toBe(a);
    expect(c.loaded()).toEqual({ Hello });
    expect(load).toHaveBeenCalledTimes(3);
  });
});

describe('lazyFrom', () => {
  afterEach(cleanup);

  it('renders a chunk that has arrived without showing the fallback', async () => {
    const c = chunk(() => Promise.resolve({ Hello }));
    await c.load();
    const Lazy = lazyFrom(c, (m) => m.Hello);
    render(
      <Suspense fallback={<p>加载中</p>}>
        <Lazy name="读者" />
      </Suspense>,
    );
    expect(screen.getByText('你好，读者')).toBeTruthy();
    expect(screen.queryByText('加载中')).toBeNull();
  });

  it('suspends while the chunk is still loading', async () => {
    let resolve!: (m: { Hello: typeof Hello }) => void;
    const c = chunk(() => new Promise<{ Hello: typeof Hello }>((r) => (resolve = r)));
    const Lazy = lazyFrom(c, (m) => m.Hello);
    render(
      <Suspense fallback={<p>加载中</p>}>
        <Lazy name="读者" />
      </Suspense>,
    );
    expect(screen.getByText('加载中')).toBeTruthy();
    await act(async () => resolve({ Hello }));
    expect(await screen.findByText('你好，读者')).toBeTruthy();
  });
});
