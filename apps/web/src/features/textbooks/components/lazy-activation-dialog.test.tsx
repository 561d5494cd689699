/** The lazily loaded activation dialog: nothing until first opened, then the dialog. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LazyActivationDialog } from './lazy-activation-dialog';

/** Whether the dialog's module (and with it antd's form) has been loaded. */
const dialogModule = vi.hoisted(() => ({ loaded: false }));
vi.mock('./activation-dialog', async (importOriginal) => {
  dialogModule.loaded = true;
  return importOriginal();
});

beforeAll(() => {
  // jsdom cannot compute pseudo-element styles (antd's scroll lock asks); the element's will do.
  const computed = window.getComputedStyle.bind(window);
  window.getComputedStyle = (elt: Element) => computed(elt);
});
afterEach(cleanup);

function page(open: boolean) {
  return (
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient()}>
        <AntApp>
          <LazyActivationDialog open={open} onClose={() => {}} bookTitle="义务教育教科书·数学七年级上册" bookId={7} />
        </AntApp>
      </QueryClientProvider>
    </MemoryRouter>
  );
}

describe('LazyActivationDialog', () => {
  it('neither renders nor loads the dialog before it is first opened', async () => {
    render(page(false));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.body.textContent).not.toContain('激活');
    expect(dialogModule.loaded).toBe(false);
  });

  it('loads and shows the dialog once opened, and again after closing', async () => {
    const view = render(page(false));
    view.rerender(page(true));
    // The first open imports the dialog's module graph (antd's form), which takes a while in jsdom.
    expect(
      await screen.findByText(/为《义务教育教科书·数学七年级上册》输入激活码/, {}, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(dialogModule.loaded).toBe(true);
    view.rerender(page(false));
    view.rerender(page(true));
    expect(await screen.findByText(/为《义务教育教科书·数学七年级上册》输入激活码/)).toBeTruthy();
  });
});
