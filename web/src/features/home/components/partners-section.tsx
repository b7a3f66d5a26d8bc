import { useTranslation } from 'react-i18next';
import siteSettings from '@club/contract/site-settings.json';
import { partnerLogo } from '../images.ts';
import { NewTabNote } from './external-link-note.tsx';
import { SectionHeading } from './section-heading.tsx';

/** The bodies and firms the club works with: five logo links, each opening in a new tab. */
export function PartnersSection() {
  const { t } = useTranslation('home/about');
  return (
    <section id="partners" className="home-section partners" aria-labelledby="partners-title">
      <div className="container-xl">
        <SectionHeading id="partners-title" title={t('PARTNERS_SECTION.TITLE')} subtitle={t('PARTNERS_SECTION.SUBTITLE')} />
        <ul className="partner-grid list-unstyled" data-reveal>
          {siteSettings.partners.map((partner) => (
            <li key={partner.id}>
              <a href={partner.url} target="_blank" rel="noopener noreferrer" className="partner-link">
                <img src={partnerLogo(partner.id)} width={96} height={96} alt="" loading="lazy" />
                <span>{t(`PARTNERS.${partner.id}`)}</span>
                <NewTabNote text={t('NEW_TAB')} />
              </a>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
