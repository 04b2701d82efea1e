import axe from 'axe-core';
import type { Page } from 'playwright-core';

export type AxeViolation = { id: string; impact: string | null; help: string; nodes: string[] };

/**
 * axe-core's serious and critical violations on the page as it is now (WCAG 2.1 A and AA rules),
 * optionally only inside `selector`. Each comes with the elements it found, so a failing
 * expectation says what to fix.
 */
export async function seriousAccessibilityViolations(page: Page, selector?: string): Promise<AxeViolation[]> {
  // Evaluated through the DevTools protocol: the app's Content-Security-Policy refuses inline scripts.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(async (scope) => {
    const engine = (window as unknown as { axe: typeof axe }).axe;
    const result = await engine.run(scope ? { include: [scope] } : document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({
        id: violation.id,
        impact: violation.impact ?? null,
        help: violation.help,
        nodes: violation.nodes.map((node) => node.target.join(' ')),
      }));
  }, selector ?? null);
}
