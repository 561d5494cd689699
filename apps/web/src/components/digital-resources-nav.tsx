/**
 * The 数字资源 area's tab bar (docs/product.md §1, §2): 同步资源, 试卷中心, 云题库, shown at the top of each of
 * the three pages, plus a link to the help centre. The current tab is marked with `aria-current="page"`
 * (react-router's NavLink does that), so screen readers announce where the user is. Desktop only.
 */
import type { CSSProperties, ReactNode } from 'react';
import { NavLink } from 'react-router';
import { paths } from '@/config/paths';

const TABS = [
  { to: paths.syncMaterial, label: '同步资源', hint: '按教材章节的课件、教案与练习' },
  { to: paths.paperCenter, label: '试卷中心', hint: '历年真题与模拟试卷' },
  { to: paths.cloudBase, label: '云题库', hint: '按知识点检索试题、组卷' },
] as const;

const bar: CSSProperties = {
  background: 'linear-gradient(120deg, #0b3fa8 0%, #1459e0 60%, #2f6ee6 100%)',
  color: '#fff',
};
const inner: CSSProperties = {
  maxWidth: 1200,
  margin: '0 auto',
  padding: '0 24px',
  display: 'flex',
  alignItems: 'stretch',
  gap: 8,
  minHeight: 64,
  // On a phone the labels stay on one line and the bar scrolls sideways, as tab bars do, instead of
  // stacking each label a character per line.
  overflowX: 'auto',
  whiteSpace: 'nowrap',
};
const area: CSSProperties = {
  display: 'flex',
  alignItems: 'center',
  fontSize: 18,
  fontWeight: 700,
  letterSpacing: 2,
  marginRight: 24,
  flexShrink: 0,
};
const list: CSSProperties = {
  display: 'flex',
  gap: 4,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  alignItems: 'stretch',
};

function tabStyle(active: boolean): CSSProperties {
  return {
    display: 'flex',
    flexDirection: 'column',
    justifyContent: 'center',
    height: '100%',
    padding: '0 20px',
    color: '#fff',
    textDecoration: 'none',
    borderBottom: `3px solid ${active ? 'var(--eav-accent)' : 'transparent'}`,
    background: active ? 'rgba(255, 255, 255, 0.16)' : 'transparent',
    fontWeight: active ? 700 : 500,
    fontSize: 16,
    lineHeight: 1.3,
  };
}

export interface DigitalResourcesNavProps {
  /** Extra content at the right end of the bar (a search box, an action). */
  extra?: ReactNode;
}

export function DigitalResourcesNav({ extra }: DigitalResourcesNavProps) {
  return (
    <div style={bar} data-testid="digital-resources-nav">
      <div style={inner}>
        <span style={area} aria-hidden>
          数字资源
        </span>
        <nav aria-label="数字资源" style={{ display: 'flex' }}>
          <ul style={list}>
            {TABS.map((t) => (
              <li key={t.to} style={{ display: 'flex' }}>
                <NavLink to={t.to} title={t.hint} style={({ isActive }) => tabStyle(isActive)}>
                  {t.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <span style={{ flex: 1 }} />
        <div style={{ display: 'flex', alignItems: 'center', gap: 16, flexShrink: 0 }}>
          {extra}
          <NavLink
            to={paths.help}
            style={({ isActive }) => ({ color: '#fff', textDecoration: isActive ? 'underline' : 'none', fontSize: 14 })}
          >
            帮助中心
          </NavLink>
        </div>
      </div>
    </div>
  );
}
