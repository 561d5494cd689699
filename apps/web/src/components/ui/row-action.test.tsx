/**
 * RowLink and RowButton in antd-mobile's List.Item: the row's action is a real link (with the
 * router's href) or a button, reachable by keyboard, and the row itself is no href-less anchor; and no
 * H5 source makes an antd-mobile row clickable itself (or uses Collapse, whose header is one).
 */
import fs from 'node:fs';
import path from 'node:path';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { List } from 'antd-mobile';
import { createMemoryRouter, RouterProvider } from 'react-router';
import ts from 'typescript';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROW_ACTION_ROW, RowButton, RowLink } from './row-action';

afterEach(cleanup);

describe('row actions', () => {
  it('makes the row a real link or button, not an anchor without href', () => {
    const onClick = vi.fn();
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: (
            <List>
              <List.Item className={ROW_ACTION_ROW} arrow description="通过手机验证码重设">
                <RowLink to="/mobileH5/forget">修改密码</RowLink>
              </List.Item>
              <List.Item className={ROW_ACTION_ROW} arrow>
                <RowButton onClick={onClick}>第 3 页</RowButton>
              </List.Item>
            </List>
          ),
        },
      ],
      { initialEntries: ['/'] },
    );
    const { container } = render(<RouterProvider router={router} />);
    expect(screen.getByRole('link', { name: '修改密码' }).getAttribute('href')).toBe('/mobileH5/forget');
    const button = screen.getByRole('button', { name: '第 3 页' });
    button.focus();
    expect(document.activeElement).toBe(button);
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
    for (const a of container.querySelectorAll('a')) expect(a.hasAttribute('href')).toBe(true);
    expect(container.querySelectorAll(`.${ROW_ACTION_ROW}`)).toHaveLength(2);
  });
});

describe('H5 sources', () => {
  /** Files under src that import antd-mobile, with the clickable `List.Item`s and `Collapse` uses in them. */
  function hrefLessAnchors(): string[] {
    const root = path.resolve(import.meta.dirname, '../..');
    const found: string[] = [];
    const files = fs
      .readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.tsx') && !f.endsWith('.test.tsx'));
    for (const rel of files) {
      const text = fs.readFileSync(path.join(root, rel), 'utf8');
      if (!text.includes("from 'antd-mobile'")) continue;
      const source = ts.createSourceFile(rel, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
      const visit = (node: ts.Node) => {
        if (ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) {
          const tag = node.tagName.getText(source);
          const attrs = node.attributes.properties.map((p) => (p.name ? p.name.getText(source) : ''));
          const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
          if (tag === 'List.Item' && (attrs.includes('onClick') || attrs.includes('clickable')))
            found.push(`${rel}:${line} List.Item with ${attrs.includes('onClick') ? 'onClick' : 'clickable'}`);
          if (tag === 'Collapse' || tag === 'Collapse.Panel') found.push(`${rel}:${line} ${tag}`);
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    return found;
  }

  it('use RowLink or RowButton instead of a clickable antd-mobile row (an anchor without href)', () => {
    expect(hrefLessAnchors()).toEqual([]);
  });
});
