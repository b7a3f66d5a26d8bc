// The content the build draws pages with: the club's first content (what the database starts
// from, packages/contract/initial-content.json) and one placeholder news item for the model of
// the news page. The server draws every content page again from the live content (decision 0041),
// so these drawings only stand until the server has drawn its own.
import initialContent from '../../packages/contract/initial-content.json' with { type: 'json' };
import { renderMarkdown } from '../../packages/contract/src/markdown.ts';
import { renderedContentSchema } from '../../packages/contract/src/content.ts';
import type { RenderedContent } from '../../packages/contract/src/content.ts';

const rendered = (text: Record<string, string>) =>
  Object.fromEntries(Object.entries(text).map(([language, value]) => [language, value ? renderMarkdown(value) : '']));

/** The build's content, checked against the contract as the server's answer is. */
export function buildTimeContent(): RenderedContent {
  const model = {
    id: 'model',
    title: { es: 'Noticia', ca: 'Notícia', en: 'News' },
    body: { es: 'Texto de la noticia.', ca: 'Text de la notícia.', en: 'The news text.' },
    publishAt: '2025-01-01T09:00:00.000Z',
    pinned: false,
  };
  return renderedContentSchema.parse({
    ...initialContent,
    team: initialContent.team.map((member) => ({ ...member, bioHtml: rendered(member.bio) })),
    news: [{ ...model, bodyHtml: rendered(model.body) }],
    photos: Object.fromEntries(initialContent.photos.map(({ id, ...info }) => [id, info])),
    version: 0,
  });
}

/** Markdown with every construct rendered content may hold (packages/contract/src/markdown.ts). */
const EVERY_CONSTRUCT = [
  '# Heading', '## Heading', '### Heading', '#### Heading',
  'Text with **strong**, *emphasis*, ~~struck~~, `code` and a [link](https://example.com).  ',
  'A line after a break.',
  '- item\n- item', '1. item\n2. item', '> quoted', '```\npre\n```', '---',
].join('\n\n');

/**
 * The build's content with every optional part filled and every kind of markup its texts may
 * hold: each instructor and partner with a photo kept in every raster format (a `<picture>` with
 * its sources), biographies and news bodies using every Markdown construct, a pinned and a plain
 * news item. The build draws each content page with it as well, only to choose the inlined style
 * rules (web/build/critical-css.ts): the server draws these pages again from whatever staff write
 * (decision 0041), and the rules for it must already be inline.
 */
export function fullestContent(): RenderedContent {
  const base = buildTimeContent();
  const every = rendered({ es: EVERY_CONSTRUCT, ca: EVERY_CONSTRUCT, en: EVERY_CONSTRUCT });
  const photos = Object.fromEntries(
    Object.entries(base.photos).map(([id, info]) => [id, { ...info, formats: ['avif', 'webp', 'jpg'] }]),
  );
  const anyPhoto = Object.keys(photos)[0] ?? null;
  const [model] = base.news;
  return renderedContentSchema.parse({
    ...base,
    team: base.team.map((member) => ({ ...member, photoId: member.photoId ?? anyPhoto, bioHtml: every })),
    partners: base.partners.map((partner) => ({ ...partner, logoId: partner.logoId ?? anyPhoto })),
    news: [
      { ...model, pinned: true, bodyHtml: every },
      { ...model, id: 'model-2', pinned: false, bodyHtml: every },
    ],
    photos,
  });
}
