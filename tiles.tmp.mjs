import { chromium } from '@playwright/test';
const [,, url, prefix, width = '375', lang = 'es', tileH = '1800'] = process.argv;
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const ctx = await b.newContext({ viewport: { width: Number(width), height: 800 }, reducedMotion: 'reduce' });
await ctx.addInitScript((l) => localStorage.setItem('ipsc-club.lang', l), lang);
const p = await ctx.newPage();
p.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') console.log('console:', m.text().slice(0, 200)); });
await p.goto(url);
await p.waitForTimeout(800);
const h = await p.evaluate(() => document.body.scrollHeight);
for (let y = 0; y < h; y += 600) { await p.evaluate((yy) => window.scrollTo(0, yy), y); await p.waitForTimeout(100); }
await p.evaluate(() => window.scrollTo(0, 0));
await p.waitForTimeout(600);
const H = await p.evaluate(() => document.body.scrollHeight);
const n = Math.ceil(H / Number(tileH));
// Put tiles side by side in one picture.
const shots = [];
for (let i = 0; i < n; i++) shots.push((await p.screenshot({ fullPage: true, clip: { x: 0, y: i * Number(tileH), width: Number(width), height: Math.min(Number(tileH), H - i * Number(tileH)) } })).toString('base64'));
const q = await ctx.newPage();
await q.setViewportSize({ width: (Number(width) + 10) * n, height: Number(tileH) });
await q.setContent(`<body style="margin:0;display:flex;gap:10px;align-items:flex-start;background:#888">${shots.map((s) => `<img src="data:image/png;base64,${s}">`).join('')}</body>`);
await q.screenshot({ path: `${prefix}.png`, fullPage: true });
await b.close();
