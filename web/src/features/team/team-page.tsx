import { Link, Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import siteSettings from '@club/contract/site-settings.json';
import { APP_ROUTES } from '@club/contract/routes';
import { PageHeader } from '../../lib/page-title.tsx';
import { Icon } from '../../lib/icons.tsx';
import './team.css';

const BASE = '/images/team';

/** An instructor's page (SPEC §2): name, subtitle, photos and the translated career list. */
export function TeamPage() {
  const { slug = '' } = useParams();
  const member = siteSettings.team.find((entry) => entry.slug === slug);
  if (!member) return <Navigate to={APP_ROUTES.notFound} replace />;
  return <TeamMember slug={member.slug} />;
}

function TeamMember({ slug }: { slug: string }) {
  const { t } = useTranslation(`team/${slug}`);
  const career = t('CAREER', { returnObjects: true });
  const items = Array.isArray(career) ? (career as string[]) : [];
  const specialities = t('SPECIALITY_LIST', { returnObjects: true });
  return (
    <>
      <PageHeader title={t('NAME')} subtitle={t('SUBTITLE')} />
      {/* On a phone the text comes first: the name and the first lines before the photos. */}
      <div className="container-xl py-5 team-page">
        <div className="row g-5">
          <div className="col-lg-7">
            <p className="team-intro">{t('INTRO')}</p>
            {Array.isArray(specialities) ? (
              <ul className="team-specialities list-unstyled" aria-label={t('SPECIALITIES_LABEL')}>
                {(specialities as string[]).map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ) : null}
            <h2 className="h4 mt-4">{t('CAREER_TITLE')}</h2>
            <ul className="team-career" data-testid="career-list">
              {items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
            <div className="d-flex flex-wrap gap-3 mt-4">
              <Link to="/#contact" state={{ contactSubject: t('BOOK_SUBJECT', { name: t('NAME') }) }} className="btn btn-accent">
                {t('BOOK', { name: t('NAME') })}
              </Link>
              <Link to="/#team" className="btn btn-outline-secondary">
                <Icon name="chevronLeft" size={18} /> {t('BACK')}
              </Link>
            </div>
          </div>
          <div className="col-lg-5 order-lg-first">
            <img
              className="team-photo"
              src={`${BASE}/${slug}-320.webp`}
              srcSet={`${BASE}/${slug}-320.webp 320w, ${BASE}/${slug}-640.webp 640w`}
              sizes="(min-width: 1200px) 460px, (min-width: 992px) 38vw, 90vw"
              width={640}
              height={800}
              alt={t('PHOTOS.PORTRAIT')}
              fetchPriority="high"
            />
            <img
              className="team-photo mt-4"
              src={`${BASE}/${slug}-range-480.webp`}
              srcSet={`${BASE}/${slug}-range-480.webp 480w, ${BASE}/${slug}-range-960.webp 960w`}
              sizes="(min-width: 1200px) 460px, (min-width: 992px) 38vw, 90vw"
              width={960}
              height={640}
              alt={t('PHOTOS.RANGE')}
              loading="lazy"
              decoding="async"
            />
          </div>
        </div>
      </div>
    </>
  );
}
