// Temporary (not committed): before | after side by side, cut in segments of 1400 px height.
import { chromium } from '@playwright/test';
import { readFileSync, existsSync } from 'node:fs';
const [, , ...names] = process.argv; // role/screen-width
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 1000, height: 1400 } });
for (const name of names) {
  const src = (phase) => { const f = `/tmp/polish/${phase}/${name}.png`; return existsSync(f) ? `data:image/png;base64,${readFileSync(f).toString('base64')}` : ''; };
  const wide = name.endsWith('-1280');
  await page.setViewportSize({ width: wide ? 2600 : 820, height: 1400 });
  await page.setContent(`<body style="margin:0;display:flex;gap:20px;background:#f0f"><img src="${src('before')}" style="align-self:start"><img src="${src('after')}" style="align-self:start"></body>`);
  await page.evaluate(() => Promise.all([...document.images].map((i) => i.decode().catch(() => {}))));
  const height = await page.evaluate(() => document.body.scrollHeight);
  for (let y = 0, i = 0; y < height && i < 4; y += 1400, i++) {
    await page.screenshot({ path: `/tmp/polish/cmp/${name.replace('/', '_')}-${i}.png`, clip: { x: 0, y, width: wide ? 2600 : 820, height: Math.min(1400, height - y) }, fullPage: true });
  }
}
await browser.close();
