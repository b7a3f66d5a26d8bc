import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Plugin } from 'vite';
import siteSettings from '@club/contract/site-settings.json' with { type: 'json' };

const ICON_SIZES = [192, 512] as const;

/** The web app manifest: the club's name from its settings, icons drawn from the favicon. */
export function webAppManifest(): object {
  return {
    name: siteSettings.clubName,
    short_name: siteSettings.shortName,
    // An installed app opens on the match day's page, which opens with no network once visited.
    start_url: '/match',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: '#12263a',
    icons: [
      ...ICON_SIZES.map((size) => ({ src: `/icon-${size}.png`, sizes: `${size}x${size}`, type: 'image/png' })),
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
    ],
  };
}

/** Writes `manifest.webmanifest` and its PNG icons (drawn from favicon.svg) into the build. */
export function webManifest(): Plugin {
  let publicDir = '';
  return {
    name: 'club-web-manifest',
    apply: 'build',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'manifest.webmanifest', source: JSON.stringify(webAppManifest(), null, 2) });
      const svg = readFileSync(path.join(publicDir, 'favicon.svg'));
      for (const size of ICON_SIZES) {
        const png = await sharp(svg, { density: Math.ceil((72 * size) / 64) }).resize(size, size).png().toBuffer();
        this.emitFile({ type: 'asset', fileName: `icon-${size}.png`, source: png });
      }
    },
  };
}
