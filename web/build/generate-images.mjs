// Draws the site's own illustrations (no photos of real people, no third-party marks) and
// writes them as WebP at the widths the pages ask for, through the test Chromium's canvas.
// Run once by hand: `node web/build/generate-images.mjs`; the outputs are committed.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const out = path.resolve(import.meta.dirname, '../public/images');
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// A tiny seeded random source, so a run draws the same pictures again.
function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const sky = (id, top, bottom) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`;

function ridge(rand, w, baseY, amp, color, steps = 9) {
  let d = `M0 ${baseY}`;
  for (let i = 0; i <= steps; i++) {
    const x = (w / steps) * i;
    const y = baseY - amp * (0.35 + rand() * 0.65);
    d += ` L${x.toFixed(0)} ${y.toFixed(0)}`;
  }
  return `<path d="${d} L${w} ${baseY + 400} L0 ${baseY + 400}Z" fill="${color}"/>`;
}

// The IPSC cardboard target outline (octagon shoulders), scaled around (0,0) top-centre.
function ipscTarget(x, y, s, fill = '#c8a46a') {
  const p = [
    [-15, 0], [15, 0], [15, 10], [30, 25], [30, 75], [15, 90], [-15, 90], [-30, 75], [-30, 25], [-15, 10],
  ]
    .map(([px, py]) => `${(x + px * s).toFixed(1)},${(y + py * s).toFixed(1)}`)
    .join(' ');
  const a = [
    [-8, 20], [8, 20], [8, 45], [-8, 45],
  ]
    .map(([px, py]) => `${(x + px * s).toFixed(1)},${(y + py * s).toFixed(1)}`)
    .join(' ');
  return `<polygon points="${p}" fill="${fill}" stroke="#6b4e22" stroke-width="${1.2 * s}"/>
    <polygon points="${a}" fill="none" stroke="#8a6a35" stroke-width="${0.8 * s}"/>
    <rect x="${x - 2 * s}" y="${y + 90 * s}" width="${4 * s}" height="${40 * s}" fill="#5a4025"/>`;
}

function grain(id, opacity = 0.08) {
  return `<filter id="${id}"><feTurbulence type="fractalNoise" baseFrequency="0.9" numOctaves="2" seed="3"/><feColorMatrix values="0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  0 0 0 ${opacity} 0"/><feComposite in2="SourceGraphic" operator="in"/></filter>`;
}

const W = 1200;
const H = 800;
const frame = (defs, body) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}"><defs>${defs}${grain('g')}</defs>${body}<rect width="${W}" height="${H}" filter="url(#g)"/></svg>`;

function shooter(x, y, s, { shirt = '#12263a', hair = '#2b1d14', skin = '#c98f6b', cap = false } = {}) {
  // A stylised shooter seen from behind-left, arms out in an isosceles stance.
  return `<g transform="translate(${x} ${y}) scale(${s})">
    <path d="M-38 60 Q-40 0 0 -8 Q40 0 38 60 L30 190 L-30 190Z" fill="${shirt}"/>
    <path d="M-30 190 L-34 330 L-10 330 L0 210 L10 330 L34 330 L30 190Z" fill="#3b4652"/>
    <path d="M30 20 L150 5 L152 17 L34 42Z" fill="${shirt}"/>
    <path d="M-30 22 L148 2 L150 14 L-24 44Z" fill="${shirt}" opacity=".85"/>
    <circle cx="158" cy="8" r="10" fill="${skin}"/>
    <rect x="160" y="-6" width="34" height="10" rx="2" fill="#20242a"/>
    <rect x="164" y="2" width="10" height="16" rx="2" fill="#20242a"/>
    <circle cx="4" cy="-34" r="28" fill="${skin}"/>
    <path d="M-26 -36 Q-24 -70 6 -66 Q34 -64 32 -34 Q20 -52 -26 -36Z" fill="${hair}"/>
    ${cap ? `<path d="M-28 -44 Q2 -78 32 -44Z" fill="#e0a526"/><rect x="20" y="-48" width="30" height="7" rx="3" fill="#e0a526"/>` : ''}
    <path d="M-22 -40 Q4 -78 30 -40" fill="none" stroke="#1d232b" stroke-width="6"/>
    <rect x="-30" y="-46" width="12" height="18" rx="5" fill="#1d232b"/>
    <rect x="-22" y="86" width="44" height="10" fill="#1d232b"/>
    <rect x="24" y="80" width="14" height="30" rx="3" fill="#1d232b"/>
  </g>`;
}

const scenes = {
  // 1. An IPSC stage: targets and walls on an open range under the ridge.
  'gallery-ipsc-stage': () => {
    const r = rng(11);
    let targets = '';
    [[260, 430, 1.2], [470, 400, 1.0], [700, 420, 1.15], [930, 395, 0.95]].forEach(([x, y, s]) => (targets += ipscTarget(x, y, s * 1.4)));
    return frame(
      sky('s', '#7fb2d9', '#d9ecf5'),
      `<rect width="${W}" height="${H}" fill="url(#s)"/>
      ${ridge(r, W, 360, 160, '#6d8f9e')}${ridge(r, W, 420, 110, '#4f7a62')}
      <rect y="520" width="${W}" height="280" fill="#c9b28a"/>
      <path d="M0 500 L${W} 470 L${W} 540 L0 560Z" fill="#8a6a45"/>
      ${targets}
      <rect x="360" y="470" width="30" height="160" fill="#f4f1ea" stroke="#9a9a9a"/>
      <rect x="820" y="470" width="30" height="160" fill="#f4f1ea" stroke="#9a9a9a"/>
      <rect x="120" y="640" width="960" height="8" fill="#e0a526"/>
      ${[0, 1, 2, 3, 4, 5].map((i) => `<circle cx="${180 + i * 170}" cy="700" r="${6 + (i % 2) * 3}" fill="#a88e66"/>`).join('')}`,
    );
  },
  // 2. A rack of steel plates with a popper, paint-fresh.
  'gallery-steel-plates': () => {
    const plates = [0, 1, 2, 3, 4, 5]
      .map((i) => `<rect x="${215 + i * 130}" y="520" width="10" height="140" fill="#555"/><circle cx="${220 + i * 130}" cy="500" r="48" fill="${i === 2 ? '#e0a526' : '#f4f1ea'}" stroke="#444" stroke-width="4"/>`)
      .join('');
    return frame(
      sky('s', '#f0b46a', '#fbe3c0'),
      `<rect width="${W}" height="${H}" fill="url(#s)"/>
      ${ridge(rng(4), W, 380, 150, '#8a6d6b')}
      <rect y="600" width="${W}" height="200" fill="#b69a73"/>
      <rect x="150" y="650" width="900" height="24" fill="#3d3d3d"/>
      ${plates}
      <path d="M1000 660 L1030 420 Q1040 380 1070 380 Q1100 380 1108 420 L1130 660Z" fill="#f4f1ea" stroke="#444" stroke-width="4"/>
      <circle cx="1070" cy="360" r="34" fill="#f4f1ea" stroke="#444" stroke-width="4"/>`,
    );
  },
  // 3. A precision target, close, with a tight group.
  'gallery-precision-target': () => {
    const r = rng(7);
    let rings = '';
    for (let i = 10; i >= 1; i--) {
      const fill = i >= 7 ? '#161a1f' : '#f4f1ea';
      const stroke = i >= 7 ? '#f4f1ea' : '#161a1f';
      rings += `<circle cx="600" cy="400" r="${i * 34}" fill="${fill}" stroke="${stroke}" stroke-width="2"/>`;
    }
    let holes = '';
    for (let i = 0; i < 9; i++) holes += `<circle cx="${600 + (r() - 0.5) * 50}" cy="${400 + (r() - 0.5) * 50}" r="7" fill="#e0a526" stroke="#fff" stroke-width="2"/>`;
    return frame(
      '',
      `<rect width="${W}" height="${H}" fill="#d8d2c4"/>
      <rect x="240" y="30" width="720" height="740" fill="#ece7dc" stroke="#b5ab96" stroke-width="3"/>
      ${rings}${holes}
      <rect x="160" y="0" width="16" height="${H}" fill="#8a8272"/><rect x="1024" y="0" width="16" height="${H}" fill="#8a8272"/>`,
    );
  },
  // 4. A shooter on the line, drawn from behind, with the instructor's cap.
  'gallery-shooter-line': () =>
    frame(
      sky('s', '#90c1e0', '#e8f3f8'),
      `<rect width="${W}" height="${H}" fill="url(#s)"/>
      ${ridge(rng(21), W, 380, 140, '#6b8ea0')}
      <rect y="470" width="${W}" height="330" fill="#cdb791"/>
      ${ipscTarget(900, 330, 1.6)}${ipscTarget(1060, 350, 1.3, '#d8b77d')}
      ${shooter(330, 360, 1.25, { shirt: '#2f6f5e', hair: '#6b3e1f', cap: true })}
      <rect x="0" y="760" width="${W}" height="8" fill="#e0a526"/>`,
    ),
  // 5. Ten-metre lanes of the indoor precision range.
  'gallery-indoor-range': () => {
    let lanes = '';
    for (let i = 0; i < 7; i++) {
      const x0 = i * (W / 6) - 100;
      lanes += `<path d="M${x0} ${H} L${470 + i * 43} 330" stroke="#f4f1ea" stroke-width="6"/>`;
    }
    let targets = '';
    for (let i = 0; i < 6; i++) targets += `<rect x="${482 + i * 43}" y="300" width="22" height="22" fill="#f4f1ea"/><circle cx="${493 + i * 43}" cy="311" r="6" fill="#161a1f"/>`;
    return frame(
      '<linearGradient id="f" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2a3b4d"/><stop offset="1" stop-color="#6a7f92"/></linearGradient>',
      `<rect width="${W}" height="${H}" fill="#1b2733"/>
      <path d="M0 0 L${W} 0 L760 290 L440 290Z" fill="#223445"/>
      <path d="M0 ${H} L${W} ${H} L760 340 L440 340Z" fill="url(#f)"/>
      <rect x="440" y="290" width="320" height="50" fill="#0f1720"/>
      ${targets}${lanes}
      ${[0, 1, 2, 3].map((i) => `<rect x="${150 + i * 260}" y="${40 + i * 6}" width="160" height="10" rx="5" fill="#fff7d6" opacity=".9"/>`).join('')}`,
    );
  },
  // 6. The club house under the Serra Alta ridge at sunset.
  'gallery-club-house': () =>
    frame(
      sky('s', '#3a4f7a', '#f2a65a'),
      `<rect width="${W}" height="${H}" fill="url(#s)"/>
      <circle cx="880" cy="380" r="70" fill="#ffd98a" opacity=".9"/>
      ${ridge(rng(33), W, 470, 220, '#3f4e6a')}${ridge(rng(34), W, 520, 120, '#2f5a4f')}
      <rect y="580" width="${W}" height="220" fill="#4b6a44"/>
      <rect x="300" y="460" width="420" height="170" fill="#f4f1ea"/>
      <path d="M280 470 L510 380 L740 470Z" fill="#9c4a2f"/>
      <rect x="470" y="540" width="70" height="90" fill="#12263a"/>
      <rect x="340" y="500" width="80" height="60" fill="#ffd98a"/><rect x="600" y="500" width="80" height="60" fill="#ffd98a"/>
      <rect x="780" y="420" width="8" height="210" fill="#333"/><path d="M788 424 L870 444 L788 464Z" fill="#e0a526"/>`,
    ),
  // 7. The classroom: a briefing in front of a stage drawing.
  'gallery-briefing': () => {
    const people = [
      [180, '#12263a', '#2b1d14'], [330, '#2f6f5e', '#a0522d'], [480, '#7a2e2e', '#111'], [630, '#12263a', '#c9c9c9'], [780, '#2f6f5e', '#5a3a1a'],
    ]
      .map(([x, shirt, hair]) => `<path d="M${x - 55} 800 Q${x - 55} 640 ${x} 630 Q${x + 55} 640 ${x + 55} 800Z" fill="${shirt}"/><circle cx="${x}" cy="590" r="42" fill="${hair}"/>`)
      .join('');
    return frame(
      '',
      `<rect width="${W}" height="${H}" fill="#e9e4d8"/>
      <rect x="160" y="90" width="680" height="380" fill="#fff" stroke="#12263a" stroke-width="10"/>
      <rect x="210" y="140" width="580" height="280" fill="none" stroke="#2f6f5e" stroke-width="4" stroke-dasharray="14 10"/>
      ${ipscTarget(300, 180, 1.2)}${ipscTarget(520, 200, 1.0)}${ipscTarget(700, 170, 1.1)}
      <circle cx="420" cy="360" r="16" fill="#e0a526"/><path d="M420 360 L560 300" stroke="#e0a526" stroke-width="4" stroke-dasharray="8 8"/>
      ${shooter(960, 430, 1.0, { shirt: '#12263a', hair: '#3a2a1a', cap: true })}
      ${people}`,
    );
  },
  // 8. The prize table of a club shoot.
  'gallery-awards': () =>
    frame(
      sky('s', '#1b3550', '#12263a'),
      `<rect width="${W}" height="${H}" fill="url(#s)"/>
      ${[0, 1, 2, 3, 4, 5, 6, 7, 8].map((i) => `<circle cx="${80 + i * 130}" cy="${90 + (i % 3) * 40}" r="${3 + (i % 2) * 2}" fill="#ffd98a"/>`).join('')}
      <rect x="450" y="420" width="300" height="260" fill="#f4f1ea"/><text x="600" y="560" font-family="sans-serif" font-size="90" font-weight="700" text-anchor="middle" fill="#12263a">1</text>
      <rect x="170" y="500" width="280" height="180" fill="#e3ddcf"/><text x="310" y="610" font-family="sans-serif" font-size="70" font-weight="700" text-anchor="middle" fill="#12263a">2</text>
      <rect x="750" y="540" width="280" height="140" fill="#d6cfbf"/><text x="890" y="630" font-family="sans-serif" font-size="60" font-weight="700" text-anchor="middle" fill="#12263a">3</text>
      <rect y="680" width="${W}" height="120" fill="#2f6f5e"/>
      <path d="M560 250 L640 250 L630 330 Q600 360 570 330Z" fill="#e0a526"/><rect x="585" y="340" width="30" height="40" fill="#e0a526"/><rect x="560" y="380" width="80" height="20" fill="#b8861a"/>
      <circle cx="310" cy="440" r="34" fill="#c9ccd1"/><circle cx="890" cy="490" r="30" fill="#c27a3f"/>`,
    ),
};

// Portraits: stylised busts in the club polo, shooting glasses up, ear muffs round the neck.
const people = {
  'marta-ribas': { skin: '#d9a37f', hair: '#2b1a12', shirt: '#12263a', bg: ['#2f6f5e', '#9fc7b5'], style: 'long' },
  'jordi-puig': { skin: '#c68a62', hair: '#9a9a9a', shirt: '#2f6f5e', bg: ['#12263a', '#6d8fb0'], style: 'beard' },
  'elena-navarro': { skin: '#e8b995', hair: '#8b3a1e', shirt: '#7a2e2e', bg: ['#e0a526', '#f6dfa3'], style: 'ponytail' },
  'sergio-ortega': { skin: '#a8714f', hair: '#15120f', shirt: '#1b3550', bg: ['#6b8ea0', '#d5e4ec'], style: 'cap' },
};

function portrait({ skin, hair, shirt, bg, style }) {
  const PW = 800;
  const PH = 1000;
  const hairBack =
    style === 'long'
      ? `<path d="M260 360 Q250 200 400 190 Q550 200 540 360 L560 620 Q400 660 240 620Z" fill="${hair}"/>`
      : style === 'ponytail'
        ? `<path d="M520 300 Q640 330 600 520 Q580 420 520 380Z" fill="${hair}"/>`
        : '';
  const hairTop =
    style === 'cap'
      ? `<path d="M270 330 Q280 190 400 190 Q520 190 530 330Z" fill="#12263a"/><path d="M270 330 Q400 300 600 340 L600 355 Q400 320 270 345Z" fill="#0c1a28"/><circle cx="400" cy="255" r="26" fill="#e0a526"/>`
      : style === 'beard'
        ? `<path d="M278 330 Q270 210 400 205 Q530 210 522 330 Q500 260 400 262 Q300 262 278 330Z" fill="${hair}"/>`
        : `<path d="M272 350 Q262 200 400 198 Q540 200 528 350 Q520 280 440 255 Q360 300 272 350Z" fill="${hair}"/>`;
  const beard =
    style === 'beard' ? `<path d="M292 400 Q300 530 400 545 Q500 530 508 400 Q490 470 400 478 Q310 470 292 400Z" fill="${hair}"/>` : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${PW} ${PH}" width="${PW}" height="${PH}">
  <defs><radialGradient id="b" cx=".5" cy=".35" r=".8"><stop offset="0" stop-color="${bg[1]}"/><stop offset="1" stop-color="${bg[0]}"/></radialGradient>${grain('g', 0.07)}</defs>
  <rect width="${PW}" height="${PH}" fill="url(#b)"/>
  <circle cx="640" cy="180" r="110" fill="#fff" opacity=".12"/><circle cx="640" cy="180" r="70" fill="none" stroke="#fff" stroke-width="10" opacity=".18"/>
  ${hairBack}
  <path d="M110 1000 Q120 700 400 660 Q680 700 690 1000Z" fill="${shirt}"/>
  <path d="M330 665 L400 760 L470 665 Z" fill="#f4f1ea"/><path d="M345 668 L400 745 L455 668" fill="none" stroke="${shirt}" stroke-width="10"/>
  <rect x="355" y="560" width="90" height="120" rx="30" fill="${skin}"/>
  <ellipse cx="400" cy="390" rx="135" ry="170" fill="${skin}"/>
  <ellipse cx="264" cy="400" rx="20" ry="34" fill="${skin}"/><ellipse cx="536" cy="400" rx="20" ry="34" fill="${skin}"/>
  ${beard}
  <ellipse cx="350" cy="400" rx="12" ry="14" fill="#1d232b"/><ellipse cx="450" cy="400" rx="12" ry="14" fill="#1d232b"/>
  <path d="M320 365 Q350 350 380 362" stroke="${hair === '#9a9a9a' ? '#777' : hair}" stroke-width="9" fill="none" stroke-linecap="round"/>
  <path d="M420 362 Q450 350 480 365" stroke="${hair === '#9a9a9a' ? '#777' : hair}" stroke-width="9" fill="none" stroke-linecap="round"/>
  <path d="M400 410 Q390 450 402 458" stroke="#00000033" stroke-width="6" fill="none" stroke-linecap="round"/>
  <path d="M355 495 Q400 525 445 495" stroke="#7a3b2e" stroke-width="9" fill="none" stroke-linecap="round"/>
  ${hairTop}
  <path d="M300 ${style === 'cap' ? 318 : 300} Q400 ${style === 'cap' ? 300 : 280} 500 ${style === 'cap' ? 318 : 300} L495 ${style === 'cap' ? 338 : 322} Q400 ${style === 'cap' ? 322 : 304} 305 ${style === 'cap' ? 338 : 322}Z" fill="#e0a526" opacity=".85"/>
  <path d="M240 690 Q400 610 560 690" fill="none" stroke="#1d232b" stroke-width="16"/>
  <ellipse cx="240" cy="700" rx="44" ry="56" fill="#1d232b"/><ellipse cx="560" cy="700" rx="44" ry="56" fill="#1d232b"/>
  <ellipse cx="240" cy="700" rx="24" ry="32" fill="#e0a526"/><ellipse cx="560" cy="700" rx="24" ry="32" fill="#e0a526"/>
  <circle cx="560" cy="860" r="34" fill="#e0a526"/><circle cx="560" cy="860" r="18" fill="${shirt}"/><circle cx="560" cy="860" r="7" fill="#e0a526"/>
  <rect width="${PW}" height="${PH}" filter="url(#g)"/>
</svg>`;
}

function atTheRange({ skin, hair, shirt }, seed) {
  return frame(
    sky('s', '#86b9dc', '#e6f1f7'),
    `<rect width="${W}" height="${H}" fill="url(#s)"/>
    ${ridge(rng(seed), W, 380, 150, '#6f90a2')}${ridge(rng(seed + 1), W, 430, 90, '#4f7a62')}
    <rect y="480" width="${W}" height="320" fill="#cbb58f"/>
    ${ipscTarget(820, 330, 1.5)}${ipscTarget(1010, 345, 1.3, '#d8b77d')}
    <circle cx="700" cy="430" r="40" fill="#f4f1ea" stroke="#444" stroke-width="4"/><rect x="696" y="470" width="8" height="70" fill="#555"/>
    ${shooter(300, 370, 1.2, { shirt, hair, skin, cap: false })}`,
  );
}

const jobs = [];
for (const [name, draw] of Object.entries(scenes)) jobs.push({ name: `gallery/${name}`, svg: draw(), widths: [480, 960], ratio: H / W });
for (const [slug, p] of Object.entries(people)) {
  jobs.push({ name: `team/${slug}`, svg: portrait(p), widths: [320, 640], ratio: 1000 / 800 });
  jobs.push({ name: `team/${slug}-range`, svg: atTheRange(p, slug.length * 7), widths: [480, 960], ratio: H / W });
}
// The hero's backdrop: the open range at first light, quiet enough for white text on top.
jobs.push({
  name: 'hero/range-dawn',
  svg: frame(
    sky('s', '#0f2236', '#3b5f7d'),
    `<rect width="${W}" height="${H}" fill="url(#s)"/>
    <circle cx="930" cy="300" r="80" fill="#e0a526" opacity=".35"/>
    ${ridge(rng(5), W, 470, 200, '#1d3a52')}${ridge(rng(6), W, 540, 130, '#1f4a44')}
    <rect y="600" width="${W}" height="200" fill="#1a3530"/>
    ${ipscTarget(700, 470, 1.2, '#7c6a4a')}${ipscTarget(860, 485, 1.0, '#7c6a4a')}${ipscTarget(1010, 475, 1.1, '#7c6a4a')}`,
  ),
  widths: [640, 1280, 1920],
  ratio: H / W,
});

/* global Image, document -- the drawing callback runs inside the browser page. */
const browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage();
await page.setContent('<html><body></body></html>');
for (const job of jobs) {
  mkdirSync(path.dirname(path.join(out, job.name)), { recursive: true });
  if (process.env.KEEP_SVG) writeFileSync(path.join(out, `${job.name}.svg`), job.svg);
  for (const width of job.widths) {
    const height = Math.round(width * job.ratio);
    const dataUrl = await page.evaluate(
      async ({ svg, width, height }) => {
        const img = new Image();
        img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
        await img.decode();
        const canvas = document.createElement('canvas');
        canvas.width = width;
        canvas.height = height;
        canvas.getContext('2d').drawImage(img, 0, 0, width, height);
        return canvas.toDataURL('image/webp', 0.78);
      },
      { svg: job.svg, width, height },
    );
    const file = path.join(out, `${job.name}-${width}.webp`);
    writeFileSync(file, Buffer.from(dataUrl.split(',')[1], 'base64'));
    process.stdout.write(`${path.relative(out, file)} ${width}x${height}\n`);
  }
}
await browser.close();
