import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { newsPath } from '@club/contract/content-view';
import siteSettings from '@club/contract/site-settings.json';
import { isLanguage, DEFAULT_LANGUAGE } from '@club/contract/languages';
import { useContent } from '../../../lib/content/content.ts';
import { useContentLanguage, useContentText } from '../../../lib/content/text.ts';
import { SectionHeading } from './section-heading.tsx';

const SHOWN = 3;

/** The latest published news (the server sends them pinned first, then newest), each to its page. */
export function NewsSection() {
  const { t, i18n } = useTranslation('content');
  const content = useContent();
  const text = useContentText();
  const shownIn = useContentLanguage();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const news = (content?.news ?? []).slice(0, SHOWN);
  if (news.length === 0) return null;
  const date = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'long', year: 'numeric', timeZone: siteSettings.timeZone });
  return (
    <section id="news" className="home-section" aria-labelledby="news-title">
      <div className="container-xl">
        <SectionHeading id="news-title" title={t('NEWS.TITLE')} subtitle={t('NEWS.SUBTITLE')} />
        <ul className="news-list list-unstyled" data-testid="home-news">
          {news.map((item) => (
            <li key={item.id} data-reveal>
              <article className="news-card">
                {item.pinned ? <p className="news-pinned">{t('NEWS.PINNED')}</p> : null}
                <h3 className="h5">
                  <Link to={newsPath(item.id, language)} className="stretched-link" lang={shownIn(item.title)}>
                    {text(item.title)}
                  </Link>
                </h3>
                <time dateTime={item.publishAt}>{date.format(new Date(item.publishAt))}</time>
              </article>
            </li>
          ))}
        </ul>
        <p className="text-center mt-4 mb-0">
          <a href="/api/news.atom" type="application/atom+xml">
            {t('NEWS.FEED')}
          </a>
        </p>
      </div>
    </section>
  );
}
