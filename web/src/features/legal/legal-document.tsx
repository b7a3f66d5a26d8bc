import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../lib/page-title.tsx';
import './legal.css';

interface LegalSection {
  TITLE: string;
  PARAGRAPHS?: string[];
  ITEMS?: string[];
}

/** A legal page from the `legal` translation area: title, introduction and sections. */
export function LegalDocument({ area }: { area: 'TERMS' | 'PRIVACY' }) {
  const { t } = useTranslation('legal');
  const raw = t(`${area}.SECTIONS`, { returnObjects: true });
  const sections = Array.isArray(raw) ? (raw as LegalSection[]) : [];
  return (
    <>
      <PageHeader title={t(`${area}.TITLE`)} subtitle={t('UPDATED')} />
      <article className="container-xl py-5 legal-document">
        <p className="lead">{t(`${area}.INTRO`)}</p>
        {sections.map((section) => (
          <section key={section.TITLE}>
            <h2 className="h4">{section.TITLE}</h2>
            {section.PARAGRAPHS?.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
            {section.ITEMS ? (
              <ul>
                {section.ITEMS.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ) : null}
          </section>
        ))}
      </article>
    </>
  );
}
