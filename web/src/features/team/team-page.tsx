import { Link, Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { APP_ROUTES } from '@club/contract/routes';
import { PageHeader } from '../../lib/page-title.tsx';
import { Icon } from '../../lib/icons.tsx';
import { useContent } from '../../lib/content/content.ts';
import { ContentPicture } from '../../lib/content/picture.tsx';
import { useContentLanguage, useContentText } from '../../lib/content/text.ts';
import './team.css';

/** An instructor's page (SPEC §2): name, role, photo and biography, as staff keep them. */
export function TeamPage() {
  const { slug = '' } = useParams();
  const { t } = useTranslation('team/page');
  const content = useContent();
  const text = useContentText();
  const shownIn = useContentLanguage();
  if (!content) return <div className="container-xl py-5 team-page" aria-busy="true" />;
  const member = content.team.find((entry) => entry.slug === slug);
  if (!member) return <Navigate to={APP_ROUTES.notFound} replace />;
  return (
    <>
      <PageHeader title={member.name} subtitle={text(member.role)} subtitleLang={shownIn(member.role)} />
      {/* On a phone the text comes first: the name and the first lines before the photo. */}
      <div className="container-xl py-5 team-page">
        <div className="row g-5">
          <div className="col-lg-7">
            {/* Markdown rendered and sanitised by the server: no script, no event attribute. */}
            <div
              className="team-bio"
              data-testid="team-bio"
              lang={shownIn(member.bioHtml)}
              dangerouslySetInnerHTML={{ __html: text(member.bioHtml) }} />
            <div className="d-flex flex-wrap gap-3 mt-4">
              <Link to="/#contact" state={{ contactSubject: t('BOOK_SUBJECT', { name: member.name }) }} className="btn btn-accent">
                {t('BOOK', { name: member.name })}
              </Link>
              <Link to="/#team" className="btn btn-outline-secondary">
                <Icon name="chevronLeft" size={18} /> {t('BACK')}
              </Link>
            </div>
          </div>
          <div className="col-lg-5 order-lg-first">
            <ContentPicture
              className="team-photo"
              info={member.photoId ? content.photos[member.photoId] : undefined}
              sizes="(min-width: 1200px) 460px, (min-width: 992px) 38vw, 90vw"
              alt={member.name}
              loading="eager"
              fetchPriority="high"
            />
          </div>
        </div>
      </div>
    </>
  );
}
