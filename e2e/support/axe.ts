/**
 * The journeys' accessibility check: axe-core's serious and critical findings (WCAG 2.2 AA is the
 * portal's bar, docs/accessibility.md), measured on a page at rest. Colours read mid-motion (a drawer
 * sliding in, a dialog zooming, a toast or a button fading) are not the page's colours, so every
 * check first waits for motion to end.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The site's frame around a page's own content: checked by the journeys of the pages it frames. */
export const SITE_FRAME = ['header', 'footer'] as const;

export interface AxeScope {
  /** Only this part of the page (a dialog, say). */
  include?: string;
  /** Parts left out (the site's frame, KaTeX's visual HTML that screen readers skip). */
  exclude?: readonly string[];
  /** Only rules of these tags (e.g. the WCAG A/AA tags); all rules when absent. */
  tags?: readonly string[];
  /**
   * Also axe's experimental rules, which axe leaves out unless asked (its `experimental` tag, added
   * to `tags`, which it needs). Rules start there before they are on by default:
   * label-content-name-mismatch (WCAG 2.5.3) was one.
   */
  experimental?: boolean;
}

/**
 * Waits (up to 5 s, then goes on: axe checks what is shown) until nothing on the page moves:
 * no finite CSS animation or transition running (endless ones, loading dots and skeletons, never
 * end), no element in an rc-motion phase (antd's `…-enter`, `…-appear`, `…-leave` classes, set a
 * frame before the transition starts), and inline `opacity`/`transform` styles (antd-mobile's
 * spring animations, carousels) unchanged for 150 ms.
 */
export async function settleMotion(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () => {
        const w = window as unknown as { eavAtRest?: { styles: string; since: number } };
        const animating = document
          .getAnimations()
          .some((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity);
        const motionClass = /(?:^|\s)[\w-]+-(?:enter|appear|leave)(?:-(?:prepare|start|active))?(?=\s|$)/;
        const inMotion = Array.from(
          document.querySelectorAll('[class*="-enter"], [class*="-appear"], [class*="-leave"]'),
        ).some((el) => motionClass.test(el.getAttribute('class') ?? ''));
        if (animating || inMotion) {
          delete w.eavAtRest;
          return false;
        }
        const styles = Array.from(document.querySelectorAll('[style*="opacity"], [style*="transform"]'), (el) =>
          el.getAttribute('style'),
        ).join('|');
        const now = performance.now();
        if (w.eavAtRest?.styles !== styles) {
          w.eavAtRest = { styles, since: now };
          return false;
        }
        return now - w.eavAtRest.since >= 150;
      },
      undefined,
      { polling: 50, timeout: 5_000 },
    )
    .catch(() => undefined);
}

/**
 * Experimental rules left out of the experimental scans because they never report what the check
 * counts: `hidden-content` only lists hidden elements for a person to review, always as a "minor"
 * and "incomplete" result, never as a serious or critical violation, and it was the dearest rule of
 * a scan (it visits every hidden element: 10-40 % of a page's scan, measured on the home, 数字教材,
 * paper-centre and H5 home pages).
 */
const REVIEW_ONLY_RULES = ['hidden-content'];

/**
 * Serious and critical axe findings of the page (or of `scope`), once it is at rest: one line per
 * rule, `rule: target [why]; target [why]`, so a failure says which colours or names were wrong.
 */
export async function axeFindings(page: Page, scope: AxeScope = {}): Promise<string[]> {
  let builder = new AxeBuilder({ page });
  if (scope.include) builder = builder.include(scope.include);
  for (const part of scope.exclude ?? []) builder = builder.exclude(part);
  if (scope.experimental && !scope.tags) throw new Error('axeFindings: experimental rules are added to tags');
  if (scope.tags) builder = builder.withTags([...scope.tags, ...(scope.experimental ? ['experimental'] : [])]);
  if (scope.experimental) builder = builder.disableRules(REVIEW_ONLY_RULES);
  let result: Awaited<ReturnType<AxeBuilder['analyze']>>;
  // A page that changed while axe read it (data arriving, a button enabled and fading in) was not at
  // rest: it is measured again, up to three times, and the last reading counts.
  for (let attempt = 1; ; attempt++) {
    await settleMotion(page);
    await watchChanges(page);
    result = await builder.analyze();
    if (attempt === 3 || !(await changedSinceWatch(page))) break;
  }
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} [${n.failureSummary?.split('\n')[1]?.trim() ?? ''}]`).join('; ')}`,
    );
}

/** Starts counting changes of the page's elements, their classes, styles and states. */
async function watchChanges(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { eavChanges?: { observer: MutationObserver; count: number } };
    w.eavChanges?.observer.disconnect();
    const record = { observer: new MutationObserver((list) => (record.count += list.length)), count: 0 };
    record.observer.observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['class', 'style', 'disabled', 'hidden', 'aria-hidden'],
    });
    w.eavChanges = record;
  });
}

/** Whether the page changed since `watchChanges`; stops watching. */
async function changedSinceWatch(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const w = window as unknown as { eavChanges?: { observer: MutationObserver; count: number } };
    const record = w.eavChanges;
    if (!record) return true;
    record.count += record.observer.takeRecords().length;
    record.observer.disconnect();
    delete w.eavChanges;
    return record.count > 0;
  });
}
