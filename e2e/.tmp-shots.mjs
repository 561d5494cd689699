import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:8402';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const MOBILE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
async function shot(name, url, width, mobile, action) {
  const ctx = await browser.newContext({ viewport: { width, height: mobile ? 812 : 900 }, userAgent: mobile ? MOBILE_UA : undefined, isMobile: mobile, deviceScaleFactor: 1 });
  const page = await ctx.newPage();
  await page.goto(base + url);
  await page.waitForTimeout(4000);
  if (action) await action(page);
  await page.screenshot({ path: `/tmp/cat-shots/${name}.png`, fullPage: !mobile });
  console.log(name, page.url());
  await ctx.close();
}
await shot('digitalBook-1440', '/#/digitalBook', 1440, false);
await shot('digitalBook-375', '/#/digitalBook', 375, true);
await shot('digitalBook-kw-1440', '/#/digitalBook?keyword=' + encodeURIComponent('数学七年级上册'), 1440, false);
await shot('sync-1440', '/#/digitalResources/syncMaterial', 1440, false);
await browser.close();
