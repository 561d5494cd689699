import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { questionFilterSpec, setFilter } from '../lib/filters';
import { useUrlFilters } from './use-url-filters';

afterEach(cleanup);

const wrapper = ({ children }: { children: ReactNode }) => (
  <MemoryRouter initialEntries={['/digitalResources/cloudBase']}>{children}</MemoryRouter>
);

describe('useUrlFilters', () => {
  it('applies two changes made before a render to each other (学段, then at once 学科)', () => {
    const { result } = renderHook(() => useUrlFilters(questionFilterSpec), { wrapper });
    act(() => {
      const [, update] = result.current;
      update((f) => setFilter(questionFilterSpec, f, 'stageId', '2'));
      update((f) => setFilter(questionFilterSpec, f, 'subjectId', '17'));
    });
    expect(result.current[0].values).toEqual({ stageId: '2', subjectId: '17' });
  });

  it('takes a whole new set of filters as given', () => {
    const { result } = renderHook(() => useUrlFilters(questionFilterSpec), { wrapper });
    act(() => result.current[1]((f) => setFilter(questionFilterSpec, f, 'stageId', '2')));
    act(() => result.current[1]({ values: {}, page: 1 }));
    expect(result.current[0].values).toEqual({});
    act(() => result.current[1]((f) => ({ ...f, page: 3 })));
    expect(result.current[0].page).toBe(3);
  });
});
