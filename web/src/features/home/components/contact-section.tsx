import { lazy, Suspense, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import siteSettings from '@club/contract/site-settings.json';
import { Icon } from '../../../lib/icons.tsx';
import { useNearViewport } from '../hooks/use-near-viewport.ts';
import { SectionHeading } from './section-heading.tsx';

const ContactForm = lazy(() => import('./contact-form.tsx').then((m) => ({ default: m.ContactForm })));

/** Where the club is and how to reach it, and the contact form (its code loads on approach). */
export function ContactSection() {
  const { t } = useTranslation('home/contact');
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref);
  const { address } = siteSettings;
  const formFallback = <div className="contact-form-placeholder" aria-hidden="true" />;
  return (
    <section id="contact" className="home-section" aria-labelledby="contact-title">
      <div className="container-xl">
        <SectionHeading id="contact-title" title={t('TITLE')} subtitle={t('SUBTITLE')} />
        <div className="row g-5">
          <div className="col-lg-5" data-reveal>
            <address className="contact-details">
              <p>
                <span className="contact-icon">
                  <Icon name="pin" />
                </span>
                <span>
                  <strong>{t('ADDRESS')}</strong>
                  <br />
                  {address.street}
                  <br />
                  {address.postalCode} {address.city} ({address.region})
                </span>
              </p>
              <p>
                <span className="contact-icon">
                  <Icon name="phone" />
                </span>
                <span>
                  <strong>{t('PHONE')}</strong>
                  <br />
                  <a href={`tel:${siteSettings.phone.replace(/\s+/g, '')}`}>{siteSettings.phone}</a>
                </span>
              </p>
              <p>
                <span className="contact-icon">
                  <Icon name="mail" />
                </span>
                <span>
                  <strong>{t('EMAIL')}</strong>
                  <br />
                  <a href={`mailto:${siteSettings.email}`}>{siteSettings.email}</a>
                </span>
              </p>
            </address>
            <div className="contact-hours">
              <h3 className="h6">{t('HOURS_TITLE')}</h3>
              <ul className="list-unstyled mb-0">
                {(t('HOURS', { returnObjects: true }) as string[]).map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </div>
          </div>
          <div className="col-lg-7" ref={ref}>
            {near ? <Suspense fallback={formFallback}>{<ContactForm />}</Suspense> : formFallback}
          </div>
        </div>
      </div>
    </section>
  );
}
