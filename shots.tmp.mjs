import { chromium } from '@playwright/test';
const [,, url, out, width = '1280', lang = 'es', full = '1', reduce = '1'] = process.argv;
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const ctx = await b.newContext({ viewport: { width: Number(width), height: 800 }, reducedMotion: reduce === '1' ? 'reduce' : 'no-preference' });
await ctx.addInitScript((l) => localStorage.setItem('ipsc-club.lang', l), lang);
const p = await ctx.newPage();
p.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') console.log('console:', m.text()); });
await p.goto(url);
await p.waitForTimeout(800);
// Walk down so lazy parts load.
const h = await p.evaluate(() => document.body.scrollHeight);
for (let y = 0; y < h; y += 600) { await p.evaluate((yy) => window.scrollTo(0, yy), y); await p.waitForTimeout(120); }
await p.evaluate(() => window.scrollTo(0, 0));
await p.waitForTimeout(800);
await p.screenshot({ path: out, fullPage: full === '1' });
await b.close();
