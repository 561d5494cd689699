/**
 * 激活教材 dialog of a book against a mocked transport: a code of another book is not used but
 * named, and only the user's confirmation activates that book (a second call naming it).
 */
import { ApiPaths, ErrorCode, type ActivationResult, type TextbookListItem } from '@eav/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import MockAdapter from 'axios-mock-adapter';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { client } from '@/lib/api-client';
import { ActivationDialog } from './activation-dialog';

const mock = new MockAdapter(client);

beforeAll(() => {
  // jsdom cannot compute pseudo-element styles (antd's scroll lock asks); the element's will do.
  const computed = window.getComputedStyle.bind(window);
  window.getComputedStyle = (elt: Element) => computed(elt);
});
afterEach(() => {
  cleanup();
  mock.reset();
});
afterAll(() => mock.restore());

const dictEntry = (id: number, name: string) => ({ id, name });
const physics: TextbookListItem = {
  id: 8,
  externalId: 'b',
  title: '义务教育教科书·物理八年级上册',
  stage: dictEntry(1, '初中'),
  subject: dictEntry(2, '物理'),
  edition: dictEntry(3, '人教版'),
  grade: null,
  volume: null,
  publisher: null,
  coverUrl: '/covers/8.svg',
  access: 'activation',
  hasFile: true,
  pageCount: 10,
};
const CODE = 'ABCDEFGHJKMNPQRS';

function renderDialog(onActivated = vi.fn()) {
  render(
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
        <AntApp>
          <ActivationDialog
            open
            onClose={() => {}}
            bookTitle="义务教育教科书·数学七年级上册"
            bookId={7}
            onActivated={onActivated}
          />
        </AntApp>
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return onActivated;
}

const sentBodies = () => mock.history.post!.map((c) => JSON.parse(c.data as string) as Record<string, unknown>);

// antd's modal is slow to render in jsdom on a busy machine.
describe('ActivationDialog', { timeout: 30_000 }, () => {
  it('names the other book of a code and activates it only after confirmation', async () => {
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
    const onActivated = renderDialog();

    fireEvent.change(screen.getByLabelText('激活码'), { target: { value: CODE } });
    fireEvent.click(screen.getByRole('button', { name: /立即激活/ }));

    const ask = await screen.findByTestId('activation-other-book');
    expect(ask.textContent).toContain('该激活码不是《义务教育教科书·数学七年级上册》的激活码');
    expect(ask.textContent).toContain(`《${physics.title}》`);
    expect(sentBodies()).toEqual([{ code: CODE, textbookId: 7 }]);
    expect(onActivated).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: `激活《${physics.title}》` }));
    expect(await screen.findByText('激活成功')).toBeTruthy();
    expect(sentBodies()).toEqual([
      { code: CODE, textbookId: 7 },
      { code: CODE, textbookId: 8 },
    ]);
    await waitFor(() => expect(onActivated).toHaveBeenCalledWith(result));
  });

  it('goes back to the input without using the code', async () => {
    mock.onPost(ApiPaths.textbookActivation).replyOnce(409, {
      code: ErrorCode.CODE_OTHER_BOOK,
      msg: `该激活码不属于当前教材，它用于激活《${physics.title}》`,
      data: physics,
    });
    renderDialog();
    fireEvent.change(screen.getByLabelText('激活码'), { target: { value: CODE } });
    fireEvent.click(screen.getByRole('button', { name: /立即激活/ }));
    await screen.findByTestId('activation-other-book');
    fireEvent.click(screen.getByRole('button', { name: /重新输入/ }));
    expect(screen.getByLabelText('激活码')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(mock.history.post).toHaveLength(1);
  });
});
