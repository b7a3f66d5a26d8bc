import type { ReactNode } from 'react';
import { usePageTitle } from '../../../lib/page-title.tsx';
import { Icon } from '../../../lib/icons.tsx';
import type { IconName } from '../../../lib/icons.tsx';
import '../auth.css';

/** The centred card every account screen sits in: an icon badge, title, lead and the form. */
export function AuthCard({
  title,
  lead,
  icon = 'lock',
  wide = false,
  footer,
  children,
}: {
  title: string;
  lead?: string;
  icon?: IconName;
  /** The register form needs two columns on a desktop. */
  wide?: boolean;
  footer?: ReactNode;
  children: ReactNode;
}) {
  usePageTitle(title);
  return (
    <section className="auth-screen">
      <div className={`auth-card card${wide ? ' auth-card-wide' : ''}`}>
        <div className="card-body">
          <div className="auth-badge" aria-hidden="true">
            <Icon name={icon} size={26} />
          </div>
          <h1 className="auth-title">{title}</h1>
          {lead ? <p className="auth-lead">{lead}</p> : null}
          {children}
        </div>
        {footer ? <div className="card-footer auth-footer">{footer}</div> : null}
      </div>
    </section>
  );
}
