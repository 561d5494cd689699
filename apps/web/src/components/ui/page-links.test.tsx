/**
 * usePageLinks: Pagination's page numbers and jumps carry the href of their page in the current URL
 * (other parameters kept, page 1 without `page`), and a click changes the page through onChange only.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Pagination } from 'antd';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { searchOfPage, usePageLinks } from './page-links';

afterEach(cleanup);

describe('searchOfPage', () => {
  it('sets the page and keeps the other parameters; page 1 drops it', () => {
    expect(searchOfPage('?stageId=2&page=3', 5)).toBe('?stageId=2&page=5');
    expect(searchOfPage('?stageId=2&page=3', 1)).toBe('?stageId=2');
    expect(searchOfPage('', 1)).toBe('');
    expect(searchOfPage('', 2)).toBe('?page=2');
  });
});

describe('usePageLinks', () => {
  function List({ onChange }: { onChange: (page: number) => void }) {
    const itemRender = usePageLinks();
    const location = useLocation();
    return (
      <>
        <span data-testid="where">{location.pathname + location.search}</span>
        <Pagination current={3} total={500} pageSize={10} onChange={onChange} itemRender={itemRender} />
      </>
    );
  }

  it('gives page numbers and jumps the href of their page, and leaves the click to onChange', () => {
    const onChange = vi.fn();
    const router = createMemoryRouter([{ path: '/digitalBook', element: <List onChange={onChange} /> }], {
      initialEntries: ['/digitalBook?subjectId=17&page=3'],
    });
    render(<RouterProvider router={router} />);
    const two = screen.getByTitle('2').querySelector('a')!;
    expect(two.getAttribute('href')).toBe('/digitalBook?subjectId=17&page=2');
    expect(screen.getByTitle('1').querySelector('a')!.getAttribute('href')).toBe('/digitalBook?subjectId=17');
    expect(two.tabIndex).toBe(-1);
    const jump = document.querySelector('.ant-pagination-jump-next a')!;
    expect(jump.getAttribute('href')).toBe('/digitalBook?subjectId=17&page=8');

    fireEvent.click(two);
    expect(onChange).toHaveBeenCalledWith(2, 10);
    // The link itself did not navigate: the list's onChange decides.
    expect(screen.getByTestId('where').textContent).toBe('/digitalBook?subjectId=17&page=3');
  });
});
