/** H5Tabs: the WAI-ARIA tabs pattern (names, selection, roving tab stop, arrow keys, Home/End). */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { H5Tabs } from './h5-tabs';

afterEach(cleanup);

const TABS = [
  { key: 'all', title: '全部' },
  { key: '1', title: '小学' },
  { key: '2', title: '初中' },
  { key: '3', title: '高中' },
];

function Harness({ initial = 'all' }: { initial?: string }) {
  const [active, setActive] = useState(initial);
  return (
    <>
      <H5Tabs label="学段" tabs={TABS} activeKey={active} onChange={setActive} panelIdPrefix="p" />
      <output>{active}</output>
    </>
  );
}

const selected = () => screen.getAllByRole('tab').filter((t) => t.getAttribute('aria-selected') === 'true');

describe('H5Tabs', () => {
  it('names the list, selects one tab and keeps only it in the tab order', () => {
    render(<Harness initial="2" />);
    expect(screen.getByRole('tablist', { name: '学段' })).toBeTruthy();
    expect(selected().map((t) => t.textContent)).toEqual(['初中']);
    expect(screen.getAllByRole('tab').map((t) => t.tabIndex)).toEqual([-1, -1, 0, -1]);
    expect(screen.getByRole('tab', { name: '初中' }).getAttribute('aria-controls')).toBe('p-2');
    expect(screen.getByRole('tab', { name: '小学' }).hasAttribute('aria-controls')).toBe(false);
  });

  it('selects on click', () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('tab', { name: '高中' }));
    expect(screen.getByRole('status').textContent).toBe('3');
    expect(selected().map((t) => t.textContent)).toEqual(['高中']);
  });

  it('moves selection and focus with the arrow keys, wrapping, and with Home and End', () => {
    render(<Harness />);
    const list = screen.getByRole('tablist');
    fireEvent.keyDown(list, { key: 'ArrowRight' });
    expect(screen.getByRole('status').textContent).toBe('1');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: '小学' }));
    fireEvent.keyDown(list, { key: 'ArrowLeft' });
    fireEvent.keyDown(list, { key: 'ArrowLeft' });
    expect(screen.getByRole('status').textContent).toBe('3');
    fireEvent.keyDown(list, { key: 'Home' });
    expect(screen.getByRole('status').textContent).toBe('all');
    fireEvent.keyDown(list, { key: 'End' });
    expect(screen.getByRole('status').textContent).toBe('3');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: '高中' }));
    fireEvent.keyDown(list, { key: 'a' });
    expect(screen.getByRole('status').textContent).toBe('3');
  });

  it('leaves the first tab focusable when none is selected', () => {
    render(<H5Tabs label="学段" tabs={TABS} activeKey="9" onChange={() => undefined} />);
    expect(selected()).toEqual([]);
    expect(screen.getAllByRole('tab').map((t) => t.tabIndex)).toEqual([0, -1, -1, -1]);
  });
});
