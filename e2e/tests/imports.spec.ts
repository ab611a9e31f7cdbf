import { readFileSync } from 'node:fs';
import iconv from 'iconv-lite';
import type { Download, Locator, Page } from '@playwright/test';
import { signUp, uniqueEmail } from '../support/api';
import { expectAccessible } from '../support/accessibility';
import { expect, openSignedIn, test } from '../support/test';

/** What a click on `button` downloads: its file name and bytes. */
async function downloadOf(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const file = await (download as Download).path();
  return { name: download.suggestedFilename(), bytes: readFileSync(file!) };
}

/**
 * With E2E_SCREENSHOTS=<dir>: the screen at 1280 and 390 px wide, checked with axe at 390 too
 * (the width it was at is restored).
 */
/**
 * The counts line of a Preview or Result region. The region also holds the rows' own
 * "Loading the rows..." status while their first page loads, so the counts are picked by text.
 */
function countsOf(region: Locator) {
  return region.getByRole('status').filter({ hasText: / created, / });
}

async function shoot(page: Page, name: string) {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${dir}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${dir}/${name}-390.png`, fullPage: true });
  await expectAccessible(page, `${name} on a phone`);
  await page.setViewportSize(size);
}

test.describe('imports', () => {
  test('an admin imports a Windows-1252 semicolon file with two bad rows, fixes them from the error CSV and imports again: the names arrive intact', async ({
    page,
    baseURL,
  }) => {
    const account = await signUp(baseURL!, { fullName: 'Asha Verma' });
    await openSignedIn(page, account.token, '/employees');
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();

    // Export works from the list: CSV (UTF-8 with BOM, the import's headers) and Excel.
    const csv = await downloadOf(page, () =>
      page.getByRole('button', { name: 'Export CSV' }).click(),
    );
    expect(csv.name).toMatch(/\.csv$/);
    expect(csv.bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(csv.bytes.toString('utf8')).toContain('email,first_name,last_name');
    expect(csv.bytes.toString('utf8')).toContain(account.user.email);
    const xlsx = await downloadOf(page, () =>
      page.getByRole('button', { name: 'Export Excel' }).click(),
    );
    expect(xlsx.name).toMatch(/\.xlsx$/);
    expect(xlsx.bytes.subarray(0, 2).toString('latin1')).toBe('PK');

    await page.getByRole('link', { name: 'Import' }).click();
    await expect(page).toHaveURL(/\/employees\/import$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Import users' })).toBeVisible();
    await expectAccessible(page, 'the Import users screen (upload)');
    await shoot(page, 'import-upload');

    // The template: the headers the import expects.
    const template = await downloadOf(page, () =>
      page.getByRole('button', { name: 'Download template' }).click(),
    );
    expect(template.name).toBe('employees-template.csv');
    expect(template.bytes.toString('utf8')).toBe(
      '\uFEFFemail,first_name,last_name,phone,department,role,status\r\n',
    );

    // A spreadsheet saved by a European Excel: Windows-1252, semicolons, its own headers.
    const email = (name: string) => uniqueEmail(name);
    const people = {
      jose: email('jose'),
      jurgen: email('jurgen'),
      renee: email('renee'),
      francois: email('francois'),
      anais: email('anais'),
    };
    const lines = [
      'E-mail;Given name;Surname;Dept;Role',
      `${people.jose};José;García;München;employee`,
      `${people.jurgen};Jürgen;Müller;Zürich Büro;manager`,
      `${people.renee.replace('@', ' at ')};Renée;Dupont;Genève;employee`,
      `${people.francois};François;Lefèvre;Paris;chief`,
      `${people.anais};Anaïs;Böhm;München;employee`,
    ];
    const original = iconv.encode(`${lines.join('\r\n')}\r\n`, 'win1252');
    expect(original.includes(Buffer.from('ü', 'utf8'))).toBe(false);

    await page.getByLabel(/^File/).setInputFiles({
      name: 'mitarbeiter.csv',
      mimeType: 'text/csv',
      buffer: original,
    });
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('region', { name: 'Preview' });
    await expect(countsOf(preview)).toContainText(
      '3 would be created, 0 would be updated, 0 unchanged, 2 with errors (of 5 rows)',
      { timeout: 20_000 },
    );
    const rows = preview.getByRole('table', { name: 'Rows' });
    await expect(rows.getByRole('row').filter({ hasText: 'first_name: José' })).toContainText(
      'department: München',
    );
    await expect(rows.getByRole('row').filter({ hasText: /^3/ })).toContainText('E-mail:');
    await expect(rows.getByRole('row').filter({ hasText: /^4/ })).toContainText('Role:');
    // The headers were matched by their synonyms.
    await expect(preview.getByLabel('Column "Given name"')).toHaveValue('first_name');
    await expect(preview.getByLabel('Column "Dept"')).toHaveValue('department');
    await expectAccessible(page, 'the import preview with two errors');
    await shoot(page, 'import-preview');

    await preview.getByRole('button', { name: 'Import' }).click();
    const result = page.getByRole('region', { name: 'Result' });
    await expect(countsOf(result)).toContainText(
      '3 created, 0 updated, 0 unchanged, 2 with errors',
      { timeout: 20_000 },
    );
    await expectAccessible(page, 'the import result with two rows not imported');
    await shoot(page, 'import-result');

    // The rows not imported, as CSV (UTF-8 with BOM, an error column): fixed and sent again.
    const errors = await downloadOf(page, () =>
      result.getByRole('button', { name: 'Download rows with errors (CSV)' }).click(),
    );
    expect(errors.bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const text = iconv.decode(errors.bytes, 'utf8'); // without the BOM
    const errorLines = text.trim().split(/\r?\n/);
    expect(errorLines[0]).toBe('E-mail,Given name,Surname,Dept,Role,error');
    expect(errorLines).toHaveLength(3);
    expect(errorLines[1]).toContain('Renée,Dupont,Genève');
    expect(errorLines[2]).toContain('François,Lefèvre,Paris,chief');
    const fixed = text
      .replace(people.renee.replace('@', ' at '), people.renee)
      .replace(',chief,', ',employee,');
    await page.getByLabel(/^File/).setInputFiles({
      name: 'mitarbeiter-errors.csv',
      mimeType: 'text/csv',
      buffer: iconv.encode(fixed, 'utf8'),
    });
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(countsOf(preview)).toContainText(
      '2 would be created, 0 would be updated, 0 unchanged, 0 with errors (of 2 rows)',
      { timeout: 20_000 },
    );
    await preview.getByRole('button', { name: 'Import' }).click();
    await expect(countsOf(result)).toContainText(
      '2 created, 0 updated, 0 unchanged, 0 with errors',
      { timeout: 20_000 },
    );

    // Everyone is on the Employees screen, every name as it was typed.
    await page.goto('/employees');
    for (const name of [
      'José García',
      'Jürgen Müller',
      'Renée Dupont',
      'François Lefèvre',
      'Anaïs Böhm',
    ]) {
      await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(page.getByText('Mьnchen')).toHaveCount(0);
    await page.getByRole('link', { name: 'Jürgen Müller', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Jürgen Müller' })).toBeVisible();
    await expect(page.getByText('Zürich Büro')).toBeVisible();

    // The bell says the imports ended and links to the last result.
    await page.getByRole('button', { name: /^Notifications, 2 unread$/ }).click();
    const notice = page.getByRole('link', { name: /mitarbeiter-errors\.csv: 2 created/ });
    await expect(notice).toBeVisible();
    await notice.click();
    await expect(page).toHaveURL(/\/employees\/import\?import=/);
    await expect(countsOf(page.getByRole('region', { name: 'Result' }))).toContainText('2 created');

    // Certificates have Import and Export too.
    await page.goto('/certificates');
    await expect(page.getByRole('link', { name: 'Import' })).toHaveAttribute(
      'href',
      '/certificates/import',
    );
    const certificates = await downloadOf(page, () =>
      page.getByRole('button', { name: 'Export CSV' }).click(),
    );
    expect(certificates.bytes.toString('utf8')).toContain('name,incharge_email');
  });
});
