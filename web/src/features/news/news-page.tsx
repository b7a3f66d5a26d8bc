import { Link, Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import siteSettings from '@club/contract/site-settings.json';
import { languageIn, newsPath, textIn } from '@club/contract/content-view';
import { LANGUAGES, isLanguage, CLUB_LANGUAGE } from '@club/contract/languages';
import { APP_ROUTES } from '@club/contract/routes';
import { PageHeader } from '../../lib/page-title.tsx';
import { useContent } from '../../lib/content/content.ts';
import './news.css';

/**
 * A news item's own page in one language (`/news/{id}/{lang}`): the address names the language, so
 * each has its own link (the feed's entries point here). Where the item lacks that language, the
 * club's own is shown, and said.
 */
export function NewsPage() {
  const { id = '', lang = '' } = useParams();
  const { t } = useTranslation('content');
  const content = useContent();
  if (!isLanguage(lang)) return <Navigate to={APP_ROUTES.notFound} replace />;
  if (!content) return <div className="container-xl py-5" aria-busy="true" />;
  const item = content.news.find((entry) => entry.id === id);
  if (!item) return <Navigate to={APP_ROUTES.notFound} replace />;
  const written = item.title[lang] !== '' && item.body[lang] !== '';
  const shownIn = written ? lang : item.body[CLUB_LANGUAGE] ? CLUB_LANGUAGE : (LANGUAGES.find((l) => item.body[l]) ?? lang);
  const date = new Intl.DateTimeFormat(lang, { day: 'numeric', month: 'long', year: 'numeric', timeZone: siteSettings.timeZone });
  return (
    <>
      {/* The address names the language, which may not be the page's: the title always says its own. */}
      <PageHeader title={textIn(item.title, lang)} titleLang={languageIn(item.title, lang)} />
      <div className="container-xl py-5 news-page">
        <article lang={shownIn} className="news-article">
          <p className="news-date">
            <time dateTime={item.publishAt}>{t('NEWS.PUBLISHED', { date: date.format(new Date(item.publishAt)) })}</time>
          </p>
          {written ? null : (
            <p className="news-missing" lang={lang}>
              {t('NEWS.IN_OTHER_LANGUAGE')}
            </p>
          )}
          {/* Markdown rendered and sanitised by the server: no script, no event attribute. */}
          <div className="news-body" data-testid="news-body" dangerouslySetInnerHTML={{ __html: textIn(item.bodyHtml, shownIn) }} />
        </article>
        <nav className="news-languages" aria-label={t('NEWS.OTHER_LANGUAGES')}>
          <ul className="list-inline mb-0">
            {LANGUAGES.filter((other) => other !== lang).map((other) => (
              <li className="list-inline-item" key={other}>
                <Link to={newsPath(item.id, other)} hrefLang={other} lang={other}>
                  {t(`LANGUAGES.${other}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="mt-4">
          <Link to="/#news" className="btn btn-outline-secondary">
            {t('NEWS.BACK')}
          </Link>
        </p>
      </div>
    </>
  );
}
