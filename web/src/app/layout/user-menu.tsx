import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { APP_ROUTES } from '@club/contract/routes';

/**
 * The signed-in member's dropdown (SPEC §2). A disclosure button and a list of links: it opens
 * and closes by click or keyboard, closes on Escape, on a click outside and on navigation, and
 * in the mobile menu it unfolds in place.
 */
export function UserMenu({ fullName, staff, onLogout }: { fullName: string; staff: boolean; onLogout: () => void }) {
  const { t } = useTranslation('header');
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLLIElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const location = useLocation();

  useEffect(() => setOpen(false), [location.pathname, location.hash]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const items: Array<{ to: string; label: string }> = [
    { to: APP_ROUTES.profile, label: t('USER.PROFILE') },
    { to: APP_ROUTES.myRegistrations, label: t('USER.MY_REGISTRATIONS') },
    { to: APP_ROUTES.myMembership, label: t('USER.MY_MEMBERSHIP') },
    { to: APP_ROUTES.changePassword, label: t('USER.CHANGE_PASSWORD') },
    { to: APP_ROUTES.stageDesigner, label: t('USER.STAGE_DESIGNER') },
    { to: APP_ROUTES.dryTraining, label: t('USER.DRY_TRAINING') },
    { to: APP_ROUTES.library, label: t('USER.LIBRARY') },
    { to: APP_ROUTES.training, label: t('USER.TRAINING') },
    { to: APP_ROUTES.myResults, label: t('USER.MY_RESULTS') },
    ...(staff ? [{ to: APP_ROUTES.admin, label: t('USER.ADMIN') }] : []),
  ];

  return (
    <li className={`nav-item dropdown user-menu px-lg-2 ${open ? 'show' : ''}`} ref={root}>
      <button
        ref={button}
        id="user-menu"
        type="button"
        className="nav-link dropdown-toggle btn btn-link"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        {fullName}
      </button>
      <ul id={menuId} className={`dropdown-menu dropdown-menu-lg-end ${open ? 'show' : ''}`}>
        {items.map((item) => (
          <li key={item.to}>
            <Link className="dropdown-item" to={item.to}>
              {item.label}
            </Link>
          </li>
        ))}
        <li>
          <hr className="dropdown-divider" />
        </li>
        <li>
          <button type="button" className="dropdown-item" onClick={onLogout}>
            {t('USER.LOGOUT')}
          </button>
        </li>
      </ul>
    </li>
  );
}
