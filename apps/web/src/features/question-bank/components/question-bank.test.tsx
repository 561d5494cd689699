/**
 * The cloud bank's question card and the 组卷 dialog against a mocked transport: answers load on
 * demand and render their TeX; composing sends the sections, scores and title the teacher set, and
 * the saved paper downloads under the server's Chinese file name.
 */
import { ApiPaths, type QuestionCard as Card, type QuestionDetail } from '@eav/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import MockAdapter from 'axios-mock-adapter';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { client } from '@/lib/api-client';
import { useSession } from '@/stores/session';
import { ComposeDialog } from './compose-dialog';
import { QuestionCard } from './question-card';

const mock = new MockAdapter(client);

beforeAll(() => {
  const computed = window.getComputedStyle.bind(window);
  window.getComputedStyle = (elt: Element) => computed(elt);
});
afterEach(() => {
  cleanup();
  mock.reset();
  useSession.setState({ user: null });
});
afterAll(() => mock.restore());

function card(id: number, type: string, stem: string, score: number | null = null): Card {
  return {
    id,
    externalId: `q-${id}`,
    stage: { id: 2, name: '初中' },
    subject: { id: 3, name: '数学' },
    type,
    stem,
    options:
      type === '单选题'
        ? [
            { key: 'A', text: '$1$' },
            { key: 'B', text: '$2$' },
          ]
        : null,
    passage: null,
    difficulty: 3,
    score,
    source: '2016年全国卷',
    year: 2016,
    region: null,
    origin: 'practice',
    knowledgePoints: [{ id: 9, name: '一元一次方程', path: '方程 > 一元一次方程' }],
  };
}

const queryClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });

function tree(ui: React.ReactNode, client = queryClient()) {
  return (
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <AntApp>{ui}</AntApp>
      </QueryClientProvider>
    </MemoryRouter>
  );
}

function wrap(ui: React.ReactNode) {
  return render(tree(ui));
}

const ok = (data: unknown) => [200, { code: 200, msg: 'ok', data }] as const;

describe('QuestionCard', () => {
  it('loads the answer and analysis only when asked, with formulas rendered', async () => {
    const q = card(5, '单选题', '解方程 $2x=4$');
    const detail: QuestionDetail = { ...q, answer: 'B', analysis: '两边除以 $2$ 得 $x=2$' };
    mock.onGet(ApiPaths.question(5)).reply(...ok(detail));
    const onKp = vi.fn();
    const { container } = wrap(
      <QuestionCard
        question={q}
        inBasket={false}
        basketBusy={false}
        onToggleBasket={() => {}}
        onKnowledgePoint={onKp}
      />,
    );
    expect(mock.history.get).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: '答案解析' }));
    await screen.findByText('【解析】');
    await waitFor(() => expect(container.querySelectorAll('[data-testid="answer-block"] .katex').length).toBe(2));
    expect(mock.history.get).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: '一元一次方程' }));
    expect(onKp).toHaveBeenCalledWith(9);
  });
});

describe('ComposeDialog', () => {
  it('sends sections by type with the chosen scores and offers the DOCX under its Chinese name', async () => {
    useSession.setState({ user: { userId: 42, userName: 't', token: 'tok', roles: ['teacher'] } });
    const questions = [
      card(1, '解答题', '求 $x$', 10),
      card(2, '单选题', '选出正确答案'),
      card(3, '单选题', '再选一个'),
    ];
    mock.onPost(ApiPaths.userPapers(42)).reply(
      ...ok({
        id: 7,
        title: '第一单元测试',
        subtitle: null,
        questionCount: 3,
        totalScore: 22,
        createdAt: '',
        updatedAt: '',
      }),
    );
    const name = '第一单元测试.docx';
    mock.onGet(ApiPaths.userPaperExport(42, 7)).reply(200, new Blob(['PK']), {
      'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(name)}`,
    });
    const createUrl = vi.fn(() => 'blob:x');
    URL.createObjectURL = createUrl;
    URL.revokeObjectURL = () => {};
    const clicked: string[] = [];
    const clickSpy = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });

    const client = queryClient();
    const { rerender } = render(
      tree(<ComposeDialog open userId={42} questions={questions} onClose={() => {}} />, client),
    );
    expect(screen.getByLabelText('第 1 大题标题')).toHaveProperty('value', '一、单选题');
    expect(screen.getByLabelText('第 2 大题标题')).toHaveProperty('value', '二、解答题');
    expect(screen.getByTestId('compose-total').textContent).toBe('共 3 题，满分 20 分');

    fireEvent.change(screen.getByLabelText('一、单选题 第 2 题分值'), { target: { value: '7' } });
    fireEvent.change(screen.getByLabelText('试卷标题'), { target: { value: '第一单元测试' } });
    await waitFor(() => expect(screen.getByTestId('compose-total').textContent).toBe('共 3 题，满分 22 分'));
    fireEvent.click(screen.getByRole('button', { name: '保存试卷' }));

    await screen.findByText('“第一单元测试”已保存');
    // Saving empties the basket; the result stays on screen.
    rerender(tree(<ComposeDialog open userId={42} questions={[]} onClose={() => {}} />, client));
    expect(screen.getByText('“第一单元测试”已保存')).toBeTruthy();
    expect(JSON.parse(mock.history.post[0]!.data as string)).toEqual({
      title: '第一单元测试',
      sections: [
        {
          title: '一、单选题',
          questions: [
            { questionId: 2, score: 5 },
            { questionId: 3, score: 7 },
          ],
        },
        { title: '二、解答题', questions: [{ questionId: 1, score: 10 }] },
      ],
      clearBasket: true,
    });

    fireEvent.click(screen.getByRole('button', { name: /下载 Word/ }));
    await waitFor(() => expect(clicked).toEqual([name]));
    expect(mock.history.get[0]!.params).toEqual({ format: 'docx', answers: 'true' });
    clickSpy.mockRestore();
  });

  it('refuses an empty title', () => {
    useSession.setState({ user: { userId: 42, userName: 't', token: 'tok', roles: [] } });
    wrap(<ComposeDialog open userId={42} questions={[card(1, '单选题', '题')]} onClose={() => {}} />);
    fireEvent.change(screen.getByLabelText('试卷标题'), { target: { value: '  ' } });
    expect(screen.getByRole('alert').textContent).toBe('请填写试卷标题');
    expect(screen.getByRole('button', { name: '保存试卷' })).toHaveProperty('disabled', true);
  });
});
