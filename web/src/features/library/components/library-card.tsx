import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { StageThumbnail } from '../../../components/stage-thumbnail.tsx';
import type { LibraryEntry } from '../../../lib/library/library-stage.ts';
import { drawableIn, libraryText } from '../../../lib/library/library-stage.ts';

interface LibraryCardProps {
  entry: LibraryEntry;
  signedIn: boolean;
  staff: boolean;
  onCopy: (entry: LibraryEntry) => void;
  onDelete: (entry: LibraryEntry) => void;
}

/** One library stage: thumbnail, text, and what the reader may do with it. */
export function LibraryCard({ entry, signedIn, staff, onCopy, onDelete }: LibraryCardProps) {
  const { t, i18n } = useTranslation('library');
  const text = libraryText(entry, i18n.language);
  const drawable = drawableIn(entry, i18n.language);
  const updated = new Date(entry.updatedAt).toLocaleDateString(i18n.language, { dateStyle: 'medium' });
  return (
    <article className="library-card card h-100" data-testid="library-card" data-stage-id={entry.id}>
      <Link to={`/dry-training?library=${entry.id}`} className="library-card-thumb" tabIndex={-1} aria-hidden="true">
        <StageThumbnail stage={drawable} label={t('THUMBNAIL', { name: text.name })} />
      </Link>
      <div className="card-body d-flex flex-column">
        <h2 className="h5 card-title mb-1">{text.name}</h2>
        <p className="library-meta small text-body-secondary mb-2">
          {t('ROUNDS', { count: entry.rounds })} · {t('ELEMENTS', { count: entry.stage.elements.length })} · {updated}
          {entry.author ? ` · ${entry.author}` : ''}
        </p>
        <p className="library-description card-text">{text.description}</p>
        {entry.tags.length > 0 ? (
          <ul className="library-tags list-unstyled d-flex flex-wrap gap-1 mb-3" aria-label={t('TAGS')}>
            {/* A tag typed as the club's word reads once ("speed" and "velocidad" are one in Spanish). */}
            {[...new Set(entry.tags.map((tag) => t(`TAG.${tag}`, { defaultValue: tag })))].map((label) => (
              <li key={label} className="badge text-bg-light border">
                {label}
              </li>
            ))}
          </ul>
        ) : null}
        <div className="mt-auto d-flex flex-wrap gap-2">
          <Link className="btn btn-primary btn-sm" to={`/dry-training?library=${entry.id}`}>
            {t('OPEN_PLAYER')}
          </Link>
          <Link className="btn btn-outline-secondary btn-sm" to={`/stages/${entry.id}/briefing`}>
            {t('PRINT')}
          </Link>
          {signedIn ? (
            <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => onCopy(entry)}>
              {t('COPY')}
            </button>
          ) : null}
          {staff ? (
            <button type="button" className="btn btn-outline-danger btn-sm" onClick={() => onDelete(entry)}>
              {t('DELETE')}
            </button>
          ) : null}
        </div>
      </div>
    </article>
  );
}
