import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { APP_ROUTES } from '@club/contract/routes';
import siteSettings from '@club/contract/site-settings.json';
import { Icon } from '../../lib/icons.tsx';
import type { IconName } from '../../lib/icons.tsx';
import { useScrolledPast } from '../../lib/use-scrolled.ts';
import { FOOTER_ID } from './footer-id.ts';
import { Logo } from './logo.tsx';

/** Site footer of SPEC §2: description, useful links, contact, social links, back to top. */
export function Footer() {
  const { t } = useTranslation('footer');
  const scrolled = useScrolledPast();
  const { address } = siteSettings;
  return (
    <footer className="site-footer" id={FOOTER_ID}>
      <div className="container-xl py-5">
        <div className="row g-4">
          <div className="col-lg-5">
            <div className="d-flex align-items-center gap-2 mb-3">
              <Logo size={44} />
              <span className="h5 mb-0 text-white">{siteSettings.clubName}</span>
            </div>
            <p className="mb-3">{t('DESCRIPTION')}</p>
            <ul className="list-inline social-links mb-0">
              {siteSettings.social.map((social) => (
                <li className="list-inline-item" key={social.id}>
                  <a href={social.url} target="_blank" rel="noopener noreferrer" aria-label={t(`SOCIAL.${social.id.toUpperCase()}`)}>
                    <Icon name={social.id as IconName} />
                  </a>
                </li>
              ))}
            </ul>
          </div>
          <div className="col-6 col-lg-3">
            <h2 className="h6 text-uppercase text-white">{t('LINKS.TITLE')}</h2>
            <ul className="list-unstyled footer-links">
              <li><Link to={APP_ROUTES.home}>{t('LINKS.HOME')}</Link></li>
              <li><Link to="/#about">{t('LINKS.ABOUT')}</Link></li>
              <li><Link to="/#fees">{t('LINKS.SERVICES')}</Link></li>
              <li><Link to={APP_ROUTES.calendar}>{t('LINKS.CALENDAR')}</Link></li>
              <li><Link to={APP_ROUTES.library}>{t('LINKS.LIBRARY')}</Link></li>
              <li><Link to={APP_ROUTES.terms}>{t('LINKS.TERMS')}</Link></li>
              <li><Link to={APP_ROUTES.privacy}>{t('LINKS.PRIVACY')}</Link></li>
            </ul>
          </div>
          <div className="col-6 col-lg-4">
            <h2 className="h6 text-uppercase text-white">{t('CONTACT.TITLE')}</h2>
            <address className="mb-0">
              <p className="d-flex gap-2 mb-2">
                <Icon name="pin" />
                <span>
                  {address.street}
                  <br />
                  {address.postalCode} {address.city} ({address.region})
                </span>
              </p>
              <p className="d-flex gap-2 mb-2">
                <Icon name="phone" />
                <a href={`tel:${siteSettings.phone.replace(/\s+/g, '')}`}>{siteSettings.phone}</a>
              </p>
              <p className="d-flex gap-2 mb-0">
                <Icon name="mail" />
                <a href={`mailto:${siteSettings.email}`}>{siteSettings.email}</a>
              </p>
            </address>
          </div>
        </div>
        <hr className="border-secondary my-4" />
        <p className="small mb-0">
          © {new Date().getFullYear()} {siteSettings.clubName}. {t('RIGHTS')}
        </p>
      </div>
      <button
        type="button"
        className={`back-to-top ${scrolled ? 'is-active' : ''}`}
        aria-label={t('BACK_TO_TOP')}
        tabIndex={scrolled ? 0 : -1}
        onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
      >
        <Icon name="chevronUp" />
      </button>
    </footer>
  );
}
