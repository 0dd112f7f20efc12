import AxeBuilder from '@axe-core/playwright';
import axe from 'axe-core';
import type { Page } from '@playwright/test';

export type AxeResults = axe.AxeResults;

/**
 * axe-core's checks of `page` for the rules carrying any of `tags`.
 *
 * A page without frames is checked by axe-core itself, injected once per document (a client-side navigation
 * keeps it) and run on the document. `AxeBuilder.analyze()` injects its 650 KB script twice per call and
 * opens a page of its own to finish the run: on these 2-core machines 1.0 to 1.5 s a screen for a 46-node
 * sign-in screen as for the rest, against 0.15 to 0.9 s, and the walk of every screen 65 s against 19 s,
 * with the same rules run and the same results. A page with frames (a PDF, a pin board widget) goes to
 * AxeBuilder, which checks inside each frame whatever its origin.
 */
export async function checkAccessibility(page: Page, tags: string[]): Promise<AxeResults> {
  if (page.frames().length > 1) return new AxeBuilder({ page }).withTags(tags).analyze();
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(
    (values) => (window as unknown as { axe: typeof axe }).axe.run(document, { runOnly: { type: 'tag', values } }),
    tags,
  );
}
