/**
 * H5 activation page opened for a book (`?id=`) against a mocked transport: a code of another book
 * is not used but named, and only the user's confirmation activates that book.
 */
import { ApiPaths, ErrorCode, type ActivationResult, type TextbookListItem } from '@eav/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import MockAdapter from 'axios-mock-adapter';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { client } from '@/lib/api-client';
import { useSession } from '@/stores/session';
import { MobileActivation } from './mobile-activation';

const mock = new MockAdapter(client);
beforeEach(() => {
  useSession.setState({ user: { userId: 5, userName: 'pupil', token: 't0ken', roles: [] } });
});
afterEach(() => {
  cleanup();
  mock.reset();
  useSession.setState({ user: null });
});
afterAll(() => mock.restore());

const entry = (id: number, name: string) => ({ id, name });
const card = (id: number, title: string): TextbookListItem => ({
  id,
  externalId: `e${id}`,
  title,
  stage: entry(1, '初中'),
  subject: entry(2, '数学'),
  edition: entry(3, '人教版'),
  grade: null,
  volume: null,
  publisher: null,
  coverUrl: `/covers/${id}.svg`,
  access: 'activation',
  hasFile: true,
  pageCount: 10,
});
const maths = card(7, '义务教育教科书·数学七年级上册');
const physics = card(8, '义务教育教科书·物理八年级上册');
const CODE = 'ABCDEFGHJKMNPQRS';

describe('MobileActivation', { timeout: 30_000 }, () => {
  it('names the other book of a code and activates it only after confirmation', async () => {
    mock.onGet(ApiPaths.textbook(7)).reply(200, { code: 200, msg: 'success', data: { ...maths, chapters: [] } });
    mock.onGet(ApiPaths.userTextbooks(5)).reply(200, {
      code: 200,
      msg: 'success',
      data: { items: [], total: 0, page: 1, pageSize: 20 },
    });
    mock.onPost(ApiPaths.textbookActivation).replyOnce(409, {
      code: ErrorCode.CODE_OTHER_BOOK,
      msg: `该激活码不属于当前教材，它用于激活《${physics.title}》`,
      data: physics,
    });
    const result: ActivationResult = {
      textbook: physics,
      activatedAt: new Date().toISOString(),
      alreadyOwned: false,
      alreadyRedeemed: false,
    };
    mock.onPost(ApiPaths.textbookActivation).replyOnce(200, { code: 200, msg: 'success', data: result });
    render(
      <MemoryRouter initialEntries={['/mobileH5/activation?id=7&redirect=%2FmobileH5%2FbrowseBook%3Fid%3D7']}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
          <MobileActivation />
        </QueryClientProvider>
      </MemoryRouter>,
    );

    expect(await screen.findByText(`为《${maths.title}》输入 16 位激活码，激活后即可在手机和电脑上阅读`)).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: '激活码' }), { target: { value: CODE } });
    fireEvent.click(screen.getByRole('button', { name: /立即激活/ }));

    const ask = await screen.findByTestId('activation-other-book');
    expect(ask.textContent).toContain(`该激活码不是《${maths.title}》的激活码`);
    expect(ask.textContent).toContain(`《${physics.title}》`);
    const bodies = () => mock.history.post!.map((c) => JSON.parse(c.data as string) as unknown);
    expect(bodies()).toEqual([{ code: CODE, textbookId: 7 }]);

    fireEvent.click(screen.getByRole('button', { name: '激活这本教材' }));
    expect(await screen.findByText('激活成功')).toBeTruthy();
    expect(screen.getByText(`《${physics.title}》已加入“我的教材”`)).toBeTruthy();
    expect(bodies()).toEqual([
      { code: CODE, textbookId: 7 },
      { code: CODE, textbookId: 8 },
    ]);
  });
});
