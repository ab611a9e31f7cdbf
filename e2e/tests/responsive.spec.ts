import { signUp } from '../support/api';
import { expect, openSignedIn, test } from '../support/test';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('on a 390 px wide screen the side navigation is a drawer opened from the menu button', async ({
  page,
  baseURL,
}) => {
  const account = await signUp(baseURL!, { organizationName: 'Pocket Co' });
  await openSignedIn(page, account.token, '/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav).toBeHidden();
  const menuButton = page.getByRole('button', { name: 'Open navigation' });
  await expect(menuButton).toBeVisible();

  await menuButton.click();
  await expect(nav).toBeVisible();
  await expect(nav).toContainText('Pocket Co');
  // The drawer (a modal dialog around the navigation) is 240 px wide, its border included
  // (to a thousandth of a pixel: layout may land a few millionths either side).
  const box = await page.getByRole('dialog', { name: 'Main navigation' }).boundingBox();
  expect(box?.width).toBeCloseTo(240, 3);

  await nav.getByRole('link', { name: 'Tasks' }).click();
  await expect(page).toHaveURL(/\/tasks$/);
  await expect(nav).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Tasks' })).toBeVisible();
});
