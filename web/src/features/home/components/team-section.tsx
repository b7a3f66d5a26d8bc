import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import siteSettings from '@club/contract/site-settings.json';
import { teamPath } from '@club/contract/routes';
import { portraitPicture } from '../images.ts';
import { SectionHeading } from './section-heading.tsx';

/** The four instructors, each card leading to the instructor's page. */
export function TeamSection() {
  const { t } = useTranslation('home/team');
  return (
    <section id="team" className="home-section bg-sand" aria-labelledby="team-title">
      <div className="container-xl">
        <SectionHeading id="team-title" title={t('TITLE')} subtitle={t('SUBTITLE')} />
        <ul className="row g-4 list-unstyled">
          {siteSettings.team.map(({ slug }) => {
            const picture = portraitPicture(slug);
            return (
              <li className="col-sm-6 col-lg-3" key={slug} data-reveal>
                <article className="team-card h-100">
                  <img
                    src={picture.src}
                    srcSet={picture.srcSet}
                    sizes="(min-width: 1200px) 270px, (min-width: 992px) 22vw, (min-width: 576px) 45vw, 90vw"
                    width={picture.width}
                    height={picture.height}
                    alt={t(`MEMBERS.${slug}.ALT`)}
                    loading="lazy"
                    decoding="async"
                  />
                  <div className="team-card-body">
                    <h3 className="h5 mb-1">
                      <Link to={teamPath(slug)} className="stretched-link">
                        {t(`MEMBERS.${slug}.NAME`)}
                      </Link>
                    </h3>
                    <p className="team-position">{t(`MEMBERS.${slug}.POSITION`)}</p>
                    <ul className="team-categories list-unstyled" aria-label={t('CATEGORIES')}>
                      {(t(`MEMBERS.${slug}.CATEGORIES`, { returnObjects: true }) as string[]).map((category) => (
                        <li key={category}>{category}</li>
                      ))}
                    </ul>
                  </div>
                </article>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
