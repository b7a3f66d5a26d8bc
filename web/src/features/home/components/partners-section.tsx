import { useTranslation } from 'react-i18next';
import { byOrder } from '@club/contract/content-view';
import { useContent } from '../../../lib/content/content.ts';
import { ContentPicture } from '../../../lib/content/picture.tsx';
import { NewTabNote } from './external-link-note.tsx';
import { SectionHeading } from './section-heading.tsx';

/** The bodies and firms the club works with (the club's content): logo links, each opening in a new tab. */
export function PartnersSection() {
  const { t } = useTranslation('home/about');
  const content = useContent();
  return (
    <section id="partners" className="home-section partners" aria-labelledby="partners-title">
      <div className="container-xl">
        <SectionHeading id="partners-title" title={t('PARTNERS_SECTION.TITLE')} subtitle={t('PARTNERS_SECTION.SUBTITLE')} />
        <ul className="partner-grid list-unstyled" data-reveal>
          {byOrder(content?.partners ?? []).map((partner) => (
            <li key={partner.id}>
              <a href={partner.url} target="_blank" rel="noopener noreferrer" className="partner-link">
                {partner.logoId ? <ContentPicture info={content?.photos[partner.logoId]} sizes="96px" alt="" /> : null}
                <span>{partner.name}</span>
                <NewTabNote text={t('NEW_TAB')} />
              </a>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
