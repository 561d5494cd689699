/**
 * SaveError: nothing without an error; otherwise an error alert with the server's message, or the
 * fallback when the failure carries none (an unreachable server, a thrown non-API error).
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { SaveError } from './save-error';

afterEach(cleanup);

describe('SaveError', () => {
  it('renders nothing while there is no error', () => {
    const { container, rerender } = render(<SaveError error={null} />);
    expect(container.innerHTML).toBe('');
    rerender(<SaveError error={undefined} fallback="保存失败" />);
    expect(container.innerHTML).toBe('');
  });

  it("shows the server's message of a refused save as an alert", () => {
    render(<SaveError error={new ApiError(400, 'PUBLISHING.DUPLICATE', '该印次已存在')} />);
    expect(screen.getByRole('alert').textContent).toContain('该印次已存在');
  });

  it('falls back to the default or the given text when the error has no message of its own', () => {
    const { rerender } = render(<SaveError error={new Error('boom')} />);
    expect(screen.getByRole('alert').textContent).toContain('操作失败，请稍后重试');
    rerender(<SaveError error={new Error('boom')} fallback="目录保存失败" />);
    expect(screen.getByRole('alert').textContent).toContain('目录保存失败');
    expect(screen.getByRole('alert').textContent).not.toContain('boom');
  });

  it('keeps the spacing it is given', () => {
    render(<SaveError error={new Error('boom')} style={{ marginBottom: 16 }} />);
    expect(screen.getByRole('alert').style.marginBottom).toBe('16px');
  });
});
