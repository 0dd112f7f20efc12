import { expect, signIn, test } from './fixtures.ts';

/*
 * Issue 35: a rep turns the daily digest on from Settings, at 06:00 in their own time zone, and it stays on
 * after a reload; on a phone the card fits the screen.
 */
test('the daily digest is turned on from Settings at a chosen hour and time zone', async ({ page }, testInfo) => {
  await signIn(page);
  await page.goto('/settings');
  const card = page.locator('section', { hasText: 'Daily digest' });
  await card.getByRole('checkbox', { name: /Send me the daily digest/ }).check();
  await card.getByRole('combobox', { name: 'Hour' }).selectOption('6');
  await card.getByRole('combobox', { name: 'Time zone' }).selectOption('Australia/Perth');
  await card.getByRole('button', { name: 'Save digest settings' }).click();
  await expect(page.getByText('Daily digest on: 06:00 Australia/Perth')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('settings-desktop.png'), fullPage: true });

  await page.reload();
  await expect(page.getByRole('checkbox', { name: /Send me the daily digest/ })).toBeChecked();
  await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Australia/Perth');

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('button', { name: 'Save digest settings' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: testInfo.outputPath('settings-phone.png'), fullPage: true });
});
