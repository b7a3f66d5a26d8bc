import { useEffect } from 'react';
import siteSettings from '@club/contract/site-settings.json';

/** Sets the document title to "{page} · {club}". */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · ${siteSettings.clubName}` : siteSettings.clubName;
  }, [title]);
}

/** A screen's heading band, also setting the document title. */
export function PageHeader({ title, subtitle }: { title: string; subtitle?: string }) {
  usePageTitle(title);
  return (
    <div className="page-header">
      <div className="container-xl">
        <h1 className="mb-1">{title}</h1>
        {subtitle ? <p className="lead mb-0">{subtitle}</p> : null}
      </div>
    </div>
  );
}
