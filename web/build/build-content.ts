// The content the build draws pages with: the club's first content (what the database starts
// from, packages/contract/initial-content.json) and one placeholder news item for the model of
// the news page. The server draws every content page again from the live content (decision 0041),
// so these drawings only stand until the server has drawn its own.
import initialContent from '../../packages/contract/initial-content.json' with { type: 'json' };
import { renderMarkdown } from '../../packages/contract/src/markdown.ts';

const rendered = (text: Record<string, string>) =>
  Object.fromEntries(Object.entries(text).map(([language, value]) => [language, value ? renderMarkdown(value) : '']));

export function buildTimeContent(): object {
  const model = {
    id: 'model',
    title: { es: 'Noticia', ca: 'Notícia', en: 'News' },
    body: { es: 'Texto de la noticia.', ca: 'Text de la notícia.', en: 'The news text.' },
    publishAt: '2025-01-01T09:00:00.000Z',
    pinned: false,
  };
  return {
    ...initialContent,
    team: initialContent.team.map((member) => ({ ...member, bioHtml: rendered(member.bio) })),
    news: [{ ...model, bodyHtml: rendered(model.body) }],
    photos: Object.fromEntries(initialContent.photos.map(({ id, ...info }) => [id, info])),
    version: 0,
  };
}
