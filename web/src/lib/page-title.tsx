import { useEffect } from 'react';
import siteSettings from '@club/contract/site-settings.json';

/** Sets the document title to "{page} · {club}". */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · ${siteSettings.clubName}` : siteSettings.clubName;
  }, [title]);
}

interface PageHeaderProps {
  title: string;
  subtitle?: string;
  /** The language of a title or subtitle shown in another language than the page's. */
  titleLang?: string;
  subtitleLang?: string;
}

/** A screen's heading band, also setting the document title. */
export function PageHeader({ title, subtitle, titleLang, subtitleLang }: PageHeaderProps) {
  usePageTitle(title);
  return (
    <div className="page-header">
      <div className="container-xl">
        <h1 className="mb-1" lang={titleLang}>
          {title}
        </h1>
        {subtitle ? (
          <p className="lead mb-0" lang={subtitleLang}>
            {subtitle}
          </p>
        ) : null}
      </div>
    </div>
  );
}
