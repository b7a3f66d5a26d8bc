import { Feed } from 'feed';
import siteSettings from '@club/contract/site-settings.json' with { type: 'json' };
import { LANGUAGES } from '@club/contract/languages';
import { newsPath, publishedNews, textIn } from '@club/contract/content-view';
import type { RenderedContent } from './service.ts';

/**
 * The published news as Atom 1.0: one entry per item and language, each linking to that
 * language's page (a reader subscribed in any language finds its own), newest first.
 */
export function newsAtom(content: RenderedContent, publicUrl: string, now: Date): string {
  const news = publishedNews(content.news, now);
  const byId = new Map(content.news.map((item) => [item.id, item]));
  const updated = news.length > 0 ? new Date(Math.max(...news.map((item) => Date.parse(item.publishAt)))) : new Date(0);
  const feed = new Feed({
    id: `${publicUrl}/`,
    title: siteSettings.clubName,
    link: `${publicUrl}/`,
    language: siteSettings.language,
    updated,
    generator: false,
    feedLinks: { atom: `${publicUrl}/api/news.atom` },
    copyright: siteSettings.clubName,
    author: { name: siteSettings.clubName, link: `${publicUrl}/` },
  });
  for (const item of news) {
    const rendered = byId.get(item.id)!;
    for (const language of LANGUAGES) {
      const link = `${publicUrl}${newsPath(item.id, language)}`;
      const html = rendered.bodyHtml[language] || textIn(rendered.bodyHtml, language);
      feed.addItem({
        id: link,
        title: textIn(item.title, language),
        link,
        date: new Date(item.publishAt),
        published: new Date(item.publishAt),
        content: html,
      });
    }
  }
  return feed.atom1();
}
