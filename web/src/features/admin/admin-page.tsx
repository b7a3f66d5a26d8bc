import { useLayoutEffect, useRef } from 'react';
import { Navigate, NavLink, Route, Routes, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import Badge from 'react-bootstrap/Badge';
import { PageHeader } from '../../lib/page-title.tsx';
import { useMessages } from './api/messages.ts';
import { EventsScreen } from './components/events-screen.tsx';
import { MembersScreen } from './components/members-screen.tsx';
import { MessagesScreen } from './components/messages-screen.tsx';
import { MailScreen } from './components/mail-screen.tsx';
import { PaymentsScreen } from './components/payments-screen.tsx';
import { MembershipScreen } from './components/membership-screen.tsx';
import { ContentScreen } from './content/content-screen.tsx';
import { TargetsScreen } from './components/targets-screen.tsx';
import './admin.css';

function UnreadBadge() {
  const { t } = useTranslation('admin');
  const messages = useMessages();
  const unread = messages.data?.filter((m) => !m.read).length ?? 0;
  if (unread === 0) return null;
  return (
    <Badge bg="danger" pill className="ms-1">
      {unread}
      <span className="visually-hidden"> {t('MESSAGES.UNREAD_COUNT', { count: unread })}</span>
    </Badge>
  );
}

/** The staff area: its own navigation and one screen per task, under /admin. */
export function AdminPage() {
  const { t } = useTranslation(['admin', 'membership', 'targets']);
  const { pathname } = useLocation();
  const navList = useRef<HTMLUListElement>(null);
  // On a phone the tabs scroll sideways: the screen's own tab is brought into the strip (Content
  // or Targets, opened from a link, would otherwise be off its edge), without moving the page;
  // again when a tab before it widens (the unread messages' count arrives).
  useLayoutEffect(() => {
    const list = navList.current;
    if (!list) return;
    const showActive = () => {
      const active = list.querySelector<HTMLElement>('.nav-link.active');
      if (!active) return;
      const link = active.getBoundingClientRect();
      const strip = list.getBoundingClientRect();
      if (link.left < strip.left) list.scrollLeft -= strip.left - link.left + 16;
      else if (link.right > strip.right) list.scrollLeft += link.right - strip.right + 16;
    };
    showActive();
    if (typeof ResizeObserver === 'undefined') return;
    const resized = new ResizeObserver(showActive);
    for (const tab of list.children) resized.observe(tab);
    return () => resized.disconnect();
  }, [pathname]);
  const tabs = [
    { to: '/admin/events', label: t('NAV.EVENTS') },
    { to: '/admin/members', label: t('NAV.MEMBERS') },
    { to: '/admin/messages', label: t('NAV.MESSAGES') },
    { to: '/admin/mail', label: t('NAV.MAIL') },
    { to: '/admin/payments', label: t('membership:STAFF.NAV_PAYMENTS') },
    { to: '/admin/membership', label: t('membership:STAFF.NAV_MEMBERSHIP') },
    { to: '/admin/content', label: t('NAV.CONTENT') },
    { to: '/admin/targets', label: t('targets:NAV') },
  ];
  return (
    <>
      <PageHeader title={t('TITLE')} subtitle={t('SUBTITLE')} />
      <div className="admin-area">
        <nav className="admin-nav" aria-label={t('NAV.LABEL')}>
          <div className="container-xl">
            <ul className="nav nav-underline flex-nowrap" ref={navList}>
              {tabs.map((tab) => (
                <li className="nav-item" key={tab.to}>
                  <NavLink to={tab.to} className="nav-link">
                    {tab.label}
                    {tab.to === '/admin/messages' ? <UnreadBadge /> : null}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        </nav>
        <div className="container-xl py-4">
          <Routes>
            <Route index element={<Navigate to="/admin/events" replace />} />
            <Route path="events" element={<EventsScreen />} />
            <Route path="members" element={<MembersScreen />} />
            <Route path="messages" element={<MessagesScreen />} />
            <Route path="mail" element={<MailScreen />} />
            <Route path="payments" element={<PaymentsScreen />} />
            <Route path="membership" element={<MembershipScreen />} />
            <Route path="content" element={<ContentScreen />} />
            <Route path="targets" element={<TargetsScreen />} />
            <Route path="*" element={<Navigate to="/admin/events" replace />} />
          </Routes>
        </div>
      </div>
    </>
  );
}
