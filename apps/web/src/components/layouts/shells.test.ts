import { describe, expect, it } from 'vitest';
import { shellFor } from './shells';

describe('shellFor', () => {
  it('puts /mobileH5 and its pages in the H5 shell', () => {
    expect(shellFor('/mobileH5')).toBe('h5');
    expect(shellFor('/mobileH5/home')).toBe('h5');
  });
  it('renders the reader and /mobile/* bare, everything else in the desktop shell', () => {
    expect(shellFor('/preview')).toBe('bare');
    expect(shellFor('/mobile/login')).toBe('bare');
    expect(shellFor('/')).toBe('desktop');
    expect(shellFor('/digitalBook')).toBe('desktop');
  });
});
