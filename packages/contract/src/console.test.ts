import { describe, expect, it } from 'vitest';
import { CONSOLE_ROLE_LABELS, CONSOLE_ROLES, roleLabel } from './console';
import { PROFILE_IDENTITIES, PROFILE_IDENTITY_LABELS } from './constants';

describe('roleLabel', () => {
  it('names the identities in Chinese', () => {
    expect(roleLabel('teacher')).toBe('教师');
    expect(roleLabel('student')).toBe('学生');
    expect(roleLabel('parent')).toBe('家长');
    for (const i of PROFILE_IDENTITIES) expect(roleLabel(i)).toBe(PROFILE_IDENTITY_LABELS[i]);
  });

  it('names the console roles from their table', () => {
    for (const r of CONSOLE_ROLES) expect(roleLabel(r)).toBe(CONSOLE_ROLE_LABELS[r]);
    expect(roleLabel('admin')).toBe('超级管理员');
  });

  it('shows an unknown role as itself', () => {
    expect(roleLabel('auditor')).toBe('auditor');
  });
});
