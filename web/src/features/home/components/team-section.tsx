import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { byOrder } from '@club/contract/content-view';
import { teamPath } from '@club/contract/routes';
import { useContent } from '../../../lib/content/content.ts';
import { ContentPicture } from '../../../lib/content/picture.tsx';
import { useContentLanguage, useContentList, useContentText } from '../../../lib/content/text.ts';
import { SectionHeading } from './section-heading.tsx';

/** The instructors staff list in the club's content, each card leading to the instructor's page. */
export function TeamSection() {
  const { t } = useTranslation('home/team');
  const content = useContent();
  const text = useContentText();
  const list = useContentList();
  const shownIn = useContentLanguage();
  return (
    <section id="team" className="home-section bg-sand" aria-labelledby="team-title">
      <div className="container-xl">
        <SectionHeading id="team-title" title={t('TITLE')} subtitle={t('SUBTITLE')} />
        <ul className="row g-4 list-unstyled">
          {byOrder(content?.team ?? []).map((member) => (
            <li className="col-sm-6 col-lg-3" key={member.slug} data-reveal>
              <article className="team-card h-100">
                <ContentPicture
                  info={member.photoId ? content?.photos[member.photoId] : undefined}
                  sizes="(min-width: 1200px) 270px, (min-width: 992px) 22vw, (min-width: 576px) 45vw, 90vw"
                  alt={member.name}
                />
                <div className="team-card-body">
                  <h3 className="h5 mb-1">
                    <Link to={teamPath(member.slug)} className="stretched-link">
                      {member.name}
                    </Link>
                  </h3>
                  <p className="team-position" lang={shownIn(member.role)}>
                    {text(member.role)}
                  </p>
                  {list(member.specialities).length > 0 ? (
                    <ul className="team-categories list-unstyled" aria-label={t('CATEGORIES')} lang={shownIn(member.specialities)}>
                      {list(member.specialities).map((word) => (
                        <li key={word}>{word}</li>
                      ))}
                    </ul>
                  ) : null}
                </div>
              </article>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
