import { useRef } from 'react';
import type { ReactNode } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { APP_ROUTES } from '@club/contract/routes';
import { useSession } from '../lib/session.tsx';
import { returnPathOf } from '../lib/return-path.ts';
import { PageLoading } from './layout/layout.tsx';

/**
 * Login and register: a signed-in member goes home (SPEC §2), or back where the login was asked
 * from (`?next=`, a path of this site only), the same place the login screen sends them.
 */
export function AnonymousOnly({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const [params] = useSearchParams();
  const location = useLocation();
  if (status === 'restoring') return <PageLoading />;
  if (status === 'authenticated') return <Navigate to={returnPathOf(params, location.state) ?? APP_ROUTES.home} replace />;
  return children;
}

/** Profile and change password: an anonymous visitor goes to login (SPEC §2). */
export function MembersOnly({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const location = useLocation();
  // A member who signs out from a members' screen (logout, account deleted, password changed,
  // session expired) is sent on by whatever signed them out; the guard only turns away those
  // who arrive anonymous. Router updates run as transitions, so the guard may see the sign-out
  // before the navigation that follows it.
  const arrivedAsMember = useRef(status === 'authenticated');
  if (status === 'authenticated') arrivedAsMember.current = true;
  // The app restores the session before its first render; only the build-time drawing of the
  // screen is made "restoring", so it shows the screen's frame (filled in once the member is
  // known) rather than a spinner that the screen would then push aside.
  if (status === 'restoring') return children;
  if (status === 'anonymous' && arrivedAsMember.current) return <PageLoading />;
  if (status === 'anonymous') return <Navigate to={APP_ROUTES.login} replace state={{ from: location.pathname }} />;
  return children;
}

/** The staff area: anonymous visitors go to login, members home. */
export function StaffOnly({ children }: { children: ReactNode }) {
  const { status, user } = useSession();
  if (status === 'restoring') return <PageLoading />;
  if (status === 'anonymous') return <Navigate to={APP_ROUTES.login} replace />;
  if (!user?.staff) return <Navigate to={APP_ROUTES.home} replace />;
  return children;
}

/** Reset password without hash or token goes to /not-found (SPEC §2). */
export function RequiresResetLink({ children }: { children: ReactNode }) {
  const [params] = useSearchParams();
  if (!params.get('hash') || !params.get('token')) return <Navigate to={APP_ROUTES.notFound} replace />;
  return children;
}
