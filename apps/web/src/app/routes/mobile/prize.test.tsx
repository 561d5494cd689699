/**
 * H5 activity page against a mocked transport: the countdown runs on the server's clock, the code is
 * kept in local storage, a visitor gets the login prompt, a student sees the figures, the ranking with
 * the own row pinned, draws and finds the prize under 我的奖品.
 */
import {
  ApiPaths,
  type DrawResult,
  type IntegralResult,
  type MyPrize,
  type PrizeActivity,
  type PrizeGroupsResult,
  type RankResult,
  type TextbookListItem,
} from '@eav/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import MockAdapter from 'axios-mock-adapter';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { client } from '@/lib/api-client';
import { useSession } from '@/stores/session';
import MobilePrizeRoute from './prize';

const mock = new MockAdapter(client);
const ok = <T,>(data: T) => [200, { code: 200, msg: 'success', data }] as const;

// jsdom has no modal dialogs; the page only needs `open` to follow.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});
beforeEach(() => {
  // Reduced motion: the draw's result shows without the animation's pause.
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (q) => ({ matches: q.includes('reduce'), media: q, addEventListener() {}, removeEventListener() {} }) as never,
  );
});
afterEach(() => {
  cleanup();
  mock.reset();
  vi.restoreAllMocks();
  useSession.setState({ user: null });
});
afterAll(() => mock.restore());

// The server's clock is years away from the device's: the countdown must follow the server.
const activity: PrizeActivity = {
  activityCode: 'WINTER-1',
  title: '寒假有奖阅读',
  rules: '阅读**推荐教材**即可累计时长',
  startAt: '2020-01-01T00:00:00+08:00',
  endAt: '2020-01-02T02:03:30+08:00',
  serverTime: '2020-01-01T00:00:00+08:00',
  status: 'running',
  bannerImage: null,
  dailyCapSeconds: 3600,
  perBookCapSeconds: 1800,
  pointsPerMinute: 2,
  taskPoints: { activation: 20, finishBook: 0 },
  drawCost: 5,
  perUserPrizeLimit: 2,
  bookCount: 1,
};
const book: TextbookListItem = {
  id: 7,
  externalId: 'e7',
  title: '数学七年级上册',
  stage: { id: 1, name: '初中' },
  subject: { id: 2, name: '数学' },
  edition: { id: 3, name: '人教版' },
  grade: null,
  volume: null,
  publisher: null,
  coverUrl: '/covers/7.svg',
  access: 'public',
  hasFile: true,
  pageCount: 10,
};
const groups: PrizeGroupsResult = {
  activityCode: 'WINTER-1',
  drawCost: 5,
  perUserPrizeLimit: 2,
  totalWeight: 10,
  groups: [
    { id: 1, name: '一等奖', quantity: 5, left: 4, weight: 1, fallback: false },
    { id: 2, name: '参与奖', quantity: 100, left: 100, weight: 9, fallback: true },
  ],
  myDrawsLeft: 2,
};
const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

function renderPage(search = '?activityCode=WINTER-1') {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={[`/mobileH5/prize${search}`]}>
        <Routes>
          <Route path="/mobileH5/prize" element={<MobilePrizeRoute />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function mockPublic() {
  mock.onGet(ApiPaths.prizeActivity).reply(...ok(activity));
  mock.onGet(ApiPaths.prizeRecommendBooks('WINTER-1')).reply(...ok([book]));
  mock.onGet(ApiPaths.prizeGroups).reply(...ok(groups));
}

describe('H5 activity page', { timeout: 30_000 }, () => {
  it('counts down on the server clock, keeps the code and asks a visitor to log in', async () => {
    mockPublic();
    const rank: RankResult = { activityCode: 'WINTER-1', frozen: false, participants: 1, me: null, top: [] };
    mock.onGet(ApiPaths.prizeRank).reply(...ok(rank));
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: '寒假有奖阅读' })).toBeTruthy();
    expect(screen.getByTestId('countdown-days').textContent).toBe('01');
    expect(screen.getByTestId('countdown-hours').textContent).toBe('02');
    expect(screen.getByTestId('countdown-minutes').textContent).toBe('03');
    expect(localStorage.getItem('activityCode')).toBe('WINTER-1');
    expect(screen.getByTestId('join-prompt').textContent).toContain('登录后即可参加活动');
    expect(screen.queryByTestId('draw-button')).toBeNull();
    expect(await screen.findByText('数学七年级上册')).toBeTruthy();
    expect(screen.getByRole('link', { name: /^数学七年级上册/ }).getAttribute('href')).toBe('/mobileH5/pdf?id=7');
    expect(await screen.findByText('还没有人上榜，快去阅读推荐教材吧')).toBeTruthy();
    // The rank call carries no user id for a visitor.
    expect(mock.history.get.find((r) => r.url === ApiPaths.prizeRank)?.params).toEqual({ activityCode: 'WINTER-1' });
  });

  it('shows a student today and the pinned rank, draws and lists the prize', async () => {
    useSession.setState({ user: { userId: 9, userName: '张小明', token: 't0ken', roles: ['student'] } });
    mockPublic();
    const integral: IntegralResult = {
      activityCode: 'WINTER-1',
      total: 26,
      available: 26,
      ledger: [
        { reason: 'reading', detail: today, amount: 6, createdAt: new Date().toISOString() },
        { reason: 'activation', detail: '数学七年级上册', amount: 20, createdAt: new Date().toISOString() },
      ],
    };
    mock.onGet(ApiPaths.prizeIntegral(9)).replyOnce(...ok(integral));
    mock.onGet(ApiPaths.prizeIntegral(9)).reply(...ok({ ...integral, available: 21 }));
    const rank: RankResult = {
      activityCode: 'WINTER-1',
      frozen: false,
      participants: 60,
      me: { rank: 57, points: 26, name: '张*明' },
      top: [{ rank: 1, name: '李*华', points: 300, isMe: false }],
    };
    mock.onGet(ApiPaths.prizeRank).reply(...ok(rank));
    const prize: MyPrize = {
      drawId: 3,
      groupId: 2,
      name: '参与奖',
      fallback: false,
      drawnAt: new Date().toISOString(),
    };
    mock.onGet(ApiPaths.prizeMine).replyOnce(...ok([]));
    mock.onGet(ApiPaths.prizeMine).reply(...ok([prize]));
    const result: DrawResult = { prize, pointsSpent: 5, available: 21, drawsLeft: 1 };
    mock.onPost(ApiPaths.prizeDraw).reply(...ok(result));

    renderPage();
    expect((await screen.findByTestId('today-minutes')).textContent).toBe('3');
    expect(screen.getByTestId('today-points').textContent).toBe('26');
    expect(screen.getByTestId('available-points').textContent).toBe('26');
    await waitFor(() => expect(screen.getByTestId('my-rank').textContent).toBe('57'));
    const pinned = screen.getByTestId('rank-pinned');
    expect(pinned.textContent).toContain('张*明（我）');
    expect(pinned.textContent).toContain('26 分');
    expect(await screen.findByText('还没有奖品，攒够积分去抽奖吧')).toBeTruthy();

    const button = await screen.findByTestId('draw-button');
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    const dialog = screen.getByTestId('draw-dialog');
    expect((await within(dialog).findByTestId('draw-result')).textContent).toBe('恭喜获得「参与奖」');
    const body = JSON.parse(mock.history.post[0]!.data as string) as { activityCode: string; requestId: string };
    expect(body.activityCode).toBe('WINTER-1');
    expect(body.requestId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    fireEvent.click(within(dialog).getByRole('button', { name: '知道了' }));
    expect(dialog.hasAttribute('open')).toBe(false);
    expect((await screen.findByTestId('my-prize')).textContent).toContain('参与奖');
    await waitFor(() => expect(screen.getByTestId('available-points').textContent).toBe('21'));
  });

  it('explains why a draw is not possible and shows a server refusal in the dialog', async () => {
    useSession.setState({ user: { userId: 9, userName: '张小明', token: 't0ken', roles: ['student'] } });
    mockPublic();
    mock
      .onGet(ApiPaths.prizeIntegral(9))
      .reply(...ok({ activityCode: 'WINTER-1', total: 3, available: 3, ledger: [] }));
    mock
      .onGet(ApiPaths.prizeRank)
      .reply(
        ...ok({ activityCode: 'WINTER-1', frozen: false, participants: 1, me: null, top: [] } satisfies RankResult),
      );
    mock.onGet(ApiPaths.prizeMine).reply(...ok([]));
    renderPage();
    expect((await screen.findByTestId('draw-hint')).textContent).toBe('积分不足，还差 2 积分，多读一会儿书再来吧');
    expect((screen.getByTestId('draw-button') as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the empty state when no activity runs and nothing is stored', async () => {
    mock.onGet(ApiPaths.prizeActivityCurrent).reply(...ok(null));
    renderPage('');
    expect(await screen.findByText('暂无进行中的活动')).toBeTruthy();
  });

  it('falls back to the stored activity when none runs', async () => {
    localStorage.setItem('activityCode', 'WINTER-1');
    mock.onGet(ApiPaths.prizeActivityCurrent).reply(...ok(null));
    mockPublic();
    mock
      .onGet(ApiPaths.prizeRank)
      .reply(
        ...ok({ activityCode: 'WINTER-1', frozen: true, participants: 0, me: null, top: [] } satisfies RankResult),
      );
    renderPage('');
    expect(await screen.findByRole('heading', { level: 1, name: '寒假有奖阅读' })).toBeTruthy();
    expect(mock.history.get.find((r) => r.url === ApiPaths.prizeActivity)?.params).toEqual({
      activityCode: 'WINTER-1',
    });
  });
});
