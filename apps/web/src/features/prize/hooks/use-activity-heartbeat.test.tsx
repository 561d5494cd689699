/**
 * Reading heartbeats: only for a logged-in user reading a recommended book of the running (stored)
 * activity, with the user's own id and one session id per mount; a refusal stops them.
 */
import { ApiPaths, type HeartbeatResult, type PrizeActivity, type TextbookListItem } from '@eav/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import MockAdapter from 'axios-mock-adapter';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { client } from '@/lib/api-client';
import { useSession } from '@/stores/session';
import { useActivityHeartbeat } from './use-activity-heartbeat';

const mock = new MockAdapter(client);
const ok = <T,>(data: T) => [200, { code: 200, msg: 'success', data }] as const;

const activity = (status: PrizeActivity['status']): PrizeActivity => ({
  activityCode: 'READ-1',
  title: '有奖阅读',
  rules: '',
  startAt: '2026-11-01T00:00:00+08:00',
  endAt: '2026-12-01T00:00:00+08:00',
  serverTime: '2026-11-23T10:00:00+08:00',
  status,
  bannerImage: null,
  dailyCapSeconds: 3600,
  perBookCapSeconds: 1800,
  pointsPerMinute: 1,
  taskPoints: { activation: 0, finishBook: 0 },
  drawCost: 10,
  perUserPrizeLimit: 1,
  bookCount: 1,
});
const book = { id: 7, title: '数学' } as TextbookListItem;
const beat: HeartbeatResult = {
  secondsToday: 90,
  bookSecondsToday: 90,
  creditedSeconds: 30,
  points: 1,
  available: 1,
  active: true,
  serverTime: '2026-11-23T10:00:30+08:00',
};

function wrapper({ children }: { children: ReactNode }) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={qc}>{children}</QueryClientProvider>;
}

const heartbeats = () => mock.history.get.filter((r) => r.url === ApiPaths.prizeHeartbeat(9));

beforeEach(() => {
  useSession.setState({ user: { userId: 9, userName: '小明', token: 't0ken', roles: [] } });
  localStorage.setItem('activityCode', 'READ-1');
  mock.onGet(ApiPaths.prizeRecommendBooks('READ-1')).reply(...ok([book]));
});
afterEach(() => {
  cleanup();
  mock.reset();
  useSession.setState({ user: null });
});
afterAll(() => mock.restore());

describe('useActivityHeartbeat', { timeout: 20_000 }, () => {
  it('beats at once for a recommended book of the stored running activity', async () => {
    mock.onGet(ApiPaths.prizeActivity).reply(...ok(activity('running')));
    mock.onGet(ApiPaths.prizeHeartbeat(9)).reply(...ok(beat));
    const { result, unmount } = renderHook(() => useActivityHeartbeat(7, true), { wrapper });
    await waitFor(() => expect(result.current?.secondsToday).toBe(90));
    expect(result.current?.activityTitle).toBe('有奖阅读');
    const [first] = heartbeats();
    const params = first?.params as { activityCode: string; textbookId: number; sessionId: string };
    expect(params.activityCode).toBe('READ-1');
    expect(params.textbookId).toBe(7);
    expect(params.sessionId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    unmount();
  });

  it('sends nothing for another book, an ended activity, a paused reader or a visitor', async () => {
    mock.onGet(ApiPaths.prizeActivity).reply(...ok(activity('running')));
    mock.onGet(ApiPaths.prizeHeartbeat(9)).reply(...ok(beat));
    const other = renderHook(() => useActivityHeartbeat(8, true), { wrapper });
    const paused = renderHook(() => useActivityHeartbeat(7, false), { wrapper });
    await waitFor(() =>
      expect(mock.history.get.some((r) => r.url === ApiPaths.prizeRecommendBooks('READ-1'))).toBe(true),
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(heartbeats()).toHaveLength(0);
    expect(other.result.current).toBeNull();
    expect(paused.result.current).toBeNull();
    other.unmount();
    paused.unmount();

    mock.resetHistory();
    mock.onGet(ApiPaths.prizeActivity).reply(...ok(activity('ended')));
    const ended = renderHook(() => useActivityHeartbeat(7, true), { wrapper });
    await waitFor(() => expect(mock.history.get.some((r) => r.url === ApiPaths.prizeActivity)).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(heartbeats()).toHaveLength(0);
    ended.unmount();

    useSession.setState({ user: null });
    mock.resetHistory();
    const visitor = renderHook(() => useActivityHeartbeat(7, true), { wrapper });
    await new Promise((r) => setTimeout(r, 50));
    expect(mock.history.get).toHaveLength(0);
    visitor.unmount();
  });

  it('stops and hides the badge when the server refuses the reading', async () => {
    mock.onGet(ApiPaths.prizeActivity).reply(...ok(activity('running')));
    mock
      .onGet(ApiPaths.prizeHeartbeat(9))
      .reply(422, { code: 'PRIZE.NOT_RUNNING', msg: '活动未开始或已结束', data: null });
    const { result, unmount } = renderHook(() => useActivityHeartbeat(7, true), { wrapper });
    await waitFor(() => expect(heartbeats()).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(result.current).toBeNull();
    unmount();
  });
});
