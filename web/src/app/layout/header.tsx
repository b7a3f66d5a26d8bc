import { useEffect, useRef, useState } from 'react';
import type { MouseEvent } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { APP_ROUTES, teamPath } from '@club/contract/routes';
import siteSettings from '@club/contract/site-settings.json';
import { useSession } from '../../lib/session.tsx';
import { useScrolledPast } from '../../lib/use-scrolled.ts';
import { LANGUAGES } from '../../lib/i18n.ts';
import type { Language } from '../../lib/i18n.ts';
import { Icon } from '../../lib/icons.tsx';
import { scrollBehavior } from '../../lib/reduced-motion.ts';
import { Logo } from './logo.tsx';
import { UserMenu } from './user-menu.tsx';
import { useActiveSection } from './use-active-section.ts';

const SECTIONS_BEFORE = ['hero', 'about', 'team'] as const;
const SECTIONS_AFTER = ['partners', 'fees', 'contact'] as const;
const ALL_SECTIONS = [...SECTIONS_BEFORE, ...SECTIONS_AFTER] as const;
const HOME_PATHS = new Set<string>([APP_ROUTES.home, APP_ROUTES.homeAlias]);

/**
 * Site header of SPEC §2: logo, section links (the current section highlighted while scrolling
 * the home page), calendar and user menu when signed in, languages. Below 992 px the links fold
 * into a menu behind a toggle (Bootstrap's navbar classes, driven by React state).
 */
export function Header() {
  const { t, i18n } = useTranslation('header');
  const { status, user, signOut } = useSession();
  const scrolled = useScrolledPast();
  const location = useLocation();
  const navigate = useNavigate();
  // A drawn page's menu may already be open when the app starts (its starter drives the drawn
  // toggle, web/build/starter-source.ts): the app keeps it open rather than closing it under the finger.
  const [expanded, setExpanded] = useState(
    () => typeof document !== 'undefined' && document.querySelector('#main-navigation.show') !== null,
  );
  const signedIn = status === 'authenticated' && user !== null;
  const onHome = HOME_PATHS.has(location.pathname);
  const activeSection = useActiveSection(ALL_SECTIONS, onHome);

  // Navigating closes the mobile menu (SPEC §2); the place the app starts at is no navigation.
  const shownAt = useRef(`${location.pathname}${location.hash} ${location.key}`);
  useEffect(() => {
    const place = `${location.pathname}${location.hash} ${location.key}`;
    if (place === shownAt.current) return;
    shownAt.current = place;
    setExpanded(false);
  }, [location.pathname, location.hash, location.key]);

  const goToSection = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    // Already on the home page at this fragment: the router would not move, so scroll here.
    if (onHome && location.hash === `#${id}`) {
      event.preventDefault();
      document.getElementById(id)?.scrollIntoView({ behavior: scrollBehavior() });
      setExpanded(false);
    }
  };

  // A team page belongs to the home page's team section, so "Team" stays lit there.
  const onTeamPage = location.pathname.startsWith(teamPath(''));
  const sectionLink = (id: (typeof ALL_SECTIONS)[number]) => {
    const active = activeSection === id || (id === 'team' && onTeamPage);
    return (
      <li className="nav-item" key={id}>
        <Link
          to={`/#${id}`}
          className={`nav-link px-lg-2 ${active ? 'active' : ''}`}
          aria-current={active ? 'location' : undefined}
          data-section={id}
          onClick={(event) => goToSection(event, id)}
        >
          {t(`NAV.${id.toUpperCase()}`)}
        </Link>
      </li>
    );
  };

  const logout = async () => {
    setExpanded(false);
    await signOut();
    navigate(APP_ROUTES.login);
  };

  return (
    <header className={`site-header ${scrolled ? 'is-scrolled' : ''} ${expanded ? 'menu-open' : ''}`} data-scrolled={scrolled ? 'true' : 'false'}>
      <div className="navbar navbar-expand-lg navbar-dark py-2">
        <div className="container-xl">
          <Link to={APP_ROUTES.home} className="navbar-brand d-flex align-items-center gap-2">
            <Logo size={40} />
            <span className="brand-text">{siteSettings.shortName}</span>
          </Link>
          <button
            type="button"
            className="navbar-toggler"
            aria-controls="main-navigation"
            aria-expanded={expanded}
            aria-label={t('NAV.TOGGLE')}
            onClick={() => setExpanded((value) => !value)}
          >
            <Icon name={expanded ? 'close' : 'menu'} size={26} />
          </button>
          <div id="main-navigation" className={`navbar-collapse collapse ${expanded ? 'show' : ''}`}>
            <nav className="ms-auto" aria-label={t('NAV.LABEL')}>
              <ul className="navbar-nav align-items-lg-center">
                {SECTIONS_BEFORE.map(sectionLink)}
                {/* Visitors too: the public events, and the fees cards point to the calendar. */}
                <li className="nav-item">
                  <NavLink to={APP_ROUTES.calendar} className="nav-link px-lg-2">
                    {t('NAV.CALENDAR')}
                  </NavLink>
                </li>
                {SECTIONS_AFTER.map(sectionLink)}
                {signedIn ? (
                  <UserMenu fullName={user.fullName} staff={user.staff} onLogout={() => void logout()} />
                ) : status === 'anonymous' ? (
                  <li className="nav-item px-lg-2 py-2 py-lg-0">
                    <Link to={APP_ROUTES.login} className="btn btn-accent btn-sm px-3">
                      {t('LOGIN')}
                    </Link>
                  </li>
                ) : null}
                <li className="nav-item ps-lg-2 py-2 py-lg-0">
                  <div className="language-select" role="group" aria-label={t('LANGUAGE.LABEL')}>
                    {LANGUAGES.map((lng: Language) => (
                      <button
                        key={lng}
                        type="button"
                        lang={lng}
                        className={`btn btn-sm ${i18n.resolvedLanguage === lng ? 'active' : ''}`}
                        aria-pressed={i18n.resolvedLanguage === lng}
                        onClick={() => void i18n.changeLanguage(lng)}
                      >
                        {/* The name starts with the visible code, so speech users can say what they see. */}
                        {lng.toUpperCase()}
                        <span className="visually-hidden"> {t(`LANGUAGE.${lng.toUpperCase()}`)}</span>
                      </button>
                    ))}
                  </div>
                </li>
              </ul>
            </nav>
          </div>
        </div>
      </div>
    </header>
  );
}
