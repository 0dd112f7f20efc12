import { expect, test } from '@playwright/test';
import { checkAccessibility, type AxeResults } from './axe.ts';

/*
 * The accessibility walk's checker finds what axe finds, on a page without frames (axe-core run in the page)
 * and inside a frame (AxeBuilder), and again after the page changed without a new document.
 */

const TAGS = ['wcag2a', 'wcag2aa'];
const ruleIds = (results: AxeResults) => results.violations.map((violation) => violation.id).sort();

test('a page without frames: an unnamed image and button are violations, found again after the page changes', async ({
  page,
}) => {
  await page.setContent('<html lang="en"><title>t</title><main><img src="data:,"><button></button></main></html>');
  expect(ruleIds(await checkAccessibility(page, TAGS))).toEqual(['button-name', 'image-alt']);

  await page.evaluate(() => {
    document.querySelector('img')?.setAttribute('alt', 'A drill rig');
    document.querySelector('button')?.append('Save');
  });
  expect(ruleIds(await checkAccessibility(page, TAGS))).toEqual([]);

  await page.evaluate(() => document.querySelector('main')?.append(document.createElement('button')));
  expect(ruleIds(await checkAccessibility(page, TAGS))).toEqual(['button-name']);
});

test('a page with a sandboxed frame: a violation inside the frame is found', async ({ page }) => {
  await page.setContent(
    '<html lang="en"><title>t</title><main><iframe title="Widget" sandbox="allow-scripts" ' +
      'srcdoc="<html lang=en><title>w</title><img src=data:,></html>"></iframe></main></html>',
  );
  // The frame exists before its srcdoc document is parsed: check once the image is in it.
  await expect(page.frameLocator('iframe').locator('img')).toBeAttached();
  // AxeBuilder drops a frame whose run fails without a word (seen once under a full CI run's load): ask again.
  await expect
    .poll(async () => ruleIds(await checkAccessibility(page, TAGS)), { timeout: 20_000 })
    .toEqual(['image-alt']);
});
