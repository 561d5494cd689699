import { describe, expect, it } from 'vitest';
import { readAction } from './access';

const book = { access: 'activation' as const, hasFile: true, owned: false, canRead: false };

describe('readAction', () => {
  it('reads when the server allows it', () => {
    expect(readAction({ ...book, canRead: true }, false)).toBe('read');
  });
  it('asks visitors to log in first for login and activation books', () => {
    expect(readAction(book, false)).toBe('login');
    expect(readAction({ ...book, access: 'login' }, false)).toBe('login');
  });
  it('offers activation to a logged-in user who does not own the book', () => {
    expect(readAction(book, true)).toBe('activate');
  });
  it('is unavailable without a file or when nothing the user can do helps', () => {
    expect(readAction({ ...book, hasFile: false }, false)).toBe('unavailable');
    expect(readAction({ ...book, owned: true }, true)).toBe('unavailable');
    expect(readAction({ ...book, access: 'public' }, false)).toBe('unavailable');
  });
});
