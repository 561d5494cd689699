import { consoleSectionsFor } from '@eav/contract';
import { describe, expect, it } from 'vitest';
import { consoleMenu, sectionOfPath } from './sections';

describe('console menu', () => {
  it('shows each role its sections and admin all of them', () => {
    expect(consoleMenu(consoleSectionsFor(['operator'])).map((e) => e.key)).toEqual([
      'overview',
      'codes',
      'catalogue',
      'question-import',
      'banners',
      'activities',
      'training',
      'publishing',
    ]);
    expect(consoleMenu(consoleSectionsFor(['reviewer'])).map((e) => e.key)).toEqual([
      'overview',
      'review',
      'publishing',
    ]);
    expect(consoleMenu(consoleSectionsFor(['support'])).map((e) => e.key)).toEqual(['overview', 'users', 'chat']);
    expect(consoleMenu(consoleSectionsFor(['admin'])).map((e) => e.key)).toEqual([
      'overview',
      'users',
      'codes',
      'catalogue',
      'question-import',
      'banners',
      'activities',
      'training',
      'review',
      'publishing',
      'chat',
      'audit',
    ]);
    expect(consoleMenu(consoleSectionsFor(['student']))).toEqual([]);
  });

  it('finds the section of a path', () => {
    expect(sectionOfPath('/admin/codes')?.key).toBe('codes');
    expect(sectionOfPath('/admin')?.key).toBe('overview');
    expect(sectionOfPath('/admin/chat')?.key).toBe('chat');
    expect(sectionOfPath('/admin/training')?.key).toBe('training');
    expect(sectionOfPath('/admin/publishing')?.key).toBe('publishing');
  });
});
