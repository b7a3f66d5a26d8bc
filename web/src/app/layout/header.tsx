import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Container from 'react-bootstrap/Container';
import Nav from 'react-bootstrap/Nav';
import Navbar from 'react-bootstrap/Navbar';
import NavDropdown from 'react-bootstrap/NavDropdown';
import { APP_ROUTES } from '@club/contract/routes';
import siteSettings from '@club/contract/site-settings.json';
import { useSession } from '../../lib/session.tsx';
import { useScrolledPast } from '../../lib/use-scrolled.ts';
import { LANGUAGES } from '../../lib/i18n.ts';
import type { Language } from '../../lib/i18n.ts';
import { Logo } from './logo.tsx';

const SECTIONS_BEFORE = ['hero', 'about', 'team'] as const;
const SECTIONS_AFTER = ['partners', 'fees', 'contact'] as const;

/** Site header of SPEC §2: logo, section links, calendar and user menu when signed in, languages. */
export function Header() {
  const { t, i18n } = useTranslation('header');
  const { status, user, signOut } = useSession();
  const scrolled = useScrolledPast();
  const location = useLocation();
  const navigate = useNavigate();
  const [expanded, setExpanded] = useState(false);
  const signedIn = status === 'authenticated' && user !== null;

  // Navigating closes the mobile menu (SPEC §2).
  useEffect(() => setExpanded(false), [location.pathname, location.hash]);

  const sectionLink = (id: string) => (
    <Nav.Link as={Link} to={`/#${id}`} key={id} className="px-lg-2" data-section={id}>
      {t(`NAV.${id.toUpperCase()}`)}
    </Nav.Link>
  );

  const logout = async () => {
    setExpanded(false);
    await signOut();
    navigate(APP_ROUTES.login);
  };

  return (
    <header className={`site-header ${scrolled ? 'is-scrolled' : ''}`} data-scrolled={scrolled ? 'true' : 'false'}>
      <Navbar expand="lg" variant="dark" expanded={expanded} onToggle={setExpanded} className="py-2">
        <Container fluid="xl">
          <Navbar.Brand as={Link} to={APP_ROUTES.home} className="d-flex align-items-center gap-2">
            <Logo size={40} />
            <span className="brand-text">{siteSettings.shortName}</span>
          </Navbar.Brand>
          <Navbar.Toggle aria-controls="main-navigation" label={t('NAV.TOGGLE')} />
          <Navbar.Collapse id="main-navigation">
            <Nav className="ms-auto align-items-lg-center" as="nav" aria-label={t('NAV.LABEL')}>
              {SECTIONS_BEFORE.map(sectionLink)}
              {signedIn ? (
                <Nav.Link as={NavLink} to={APP_ROUTES.calendar} className="px-lg-2">
                  {t('NAV.CALENDAR')}
                </Nav.Link>
              ) : null}
              {SECTIONS_AFTER.map(sectionLink)}
              {signedIn ? (
                <NavDropdown title={user.fullName} id="user-menu" align="end" className="user-menu px-lg-2">
                  <NavDropdown.Item as={Link} to={APP_ROUTES.profile}>
                    {t('USER.PROFILE')}
                  </NavDropdown.Item>
                  <NavDropdown.Item as={Link} to={APP_ROUTES.changePassword}>
                    {t('USER.CHANGE_PASSWORD')}
                  </NavDropdown.Item>
                  <NavDropdown.Item as={Link} to={APP_ROUTES.stageDesigner}>
                    {t('USER.STAGE_DESIGNER')}
                  </NavDropdown.Item>
                  <NavDropdown.Item as={Link} to={APP_ROUTES.dryTraining}>
                    {t('USER.DRY_TRAINING')}
                  </NavDropdown.Item>
                  {user.staff ? (
                    <NavDropdown.Item as={Link} to={APP_ROUTES.admin}>
                      {t('USER.ADMIN')}
                    </NavDropdown.Item>
                  ) : null}
                  <NavDropdown.Divider />
                  <NavDropdown.Item as="button" onClick={logout}>
                    {t('USER.LOGOUT')}
                  </NavDropdown.Item>
                </NavDropdown>
              ) : status === 'anonymous' ? (
                <Nav.Item className="px-lg-2 py-2 py-lg-0">
                  <Link to={APP_ROUTES.login} className="btn btn-accent btn-sm px-3">
                    {t('LOGIN')}
                  </Link>
                </Nav.Item>
              ) : null}
              <Nav.Item className="ps-lg-2 py-2 py-lg-0">
                <div className="language-select" role="group" aria-label={t('LANGUAGE.LABEL')}>
                  {LANGUAGES.map((lng: Language) => (
                    <button
                      key={lng}
                      type="button"
                      lang={lng}
                      className={`btn btn-sm ${i18n.resolvedLanguage === lng ? 'active' : ''}`}
                      aria-pressed={i18n.resolvedLanguage === lng}
                      aria-label={t(`LANGUAGE.${lng.toUpperCase()}`)}
                      onClick={() => void i18n.changeLanguage(lng)}
                    >
                      {lng.toUpperCase()}
                    </button>
                  ))}
                </div>
              </Nav.Item>
            </Nav>
          </Navbar.Collapse>
        </Container>
      </Navbar>
    </header>
  );
}
