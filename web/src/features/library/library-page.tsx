import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ToastType } from '@club/contract/enums';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { PageHeader } from '../../lib/page-title.tsx';
import { useSession } from '../../lib/session.tsx';
import { showToast, toastMessage } from '../../lib/toasts.ts';
import { withSpinner } from '../../lib/spinner.ts';
import { useLibrary, drawableIn, libraryText } from '../../lib/library/library-stage.ts';
import type { LibraryEntry } from '../../lib/library/library-stage.ts';
import { useCopyToMyStages } from './api/copy-to-my-stages.ts';
import { useDeleteLibraryStage } from './api/delete-library-stage.ts';
import { LibraryCard } from './components/library-card.tsx';
import { filterLibrary, tagsOf } from './library-filter.ts';
import type { LibrarySort } from './library-filter.ts';
import './library.css';

// Cards drawn at first and per "show more": a screenful or two, so a large library opens at once.
const PAGE_SIZE = 24;

/** The club's stage library (/stages): search, tag filter, sort, thumbnails, open, copy. */
export function LibraryPage() {
  const { t, i18n } = useTranslation('library');
  const { user } = useSession();
  const navigate = useNavigate();
  const library = useLibrary();
  const copy = useCopyToMyStages();
  const remove = useDeleteLibraryStage();
  const [search, setSearch] = useState('');
  const [tag, setTag] = useState<string | null>(null);
  const [sort, setSort] = useState<LibrarySort>('name');
  const [deleting, setDeleting] = useState<LibraryEntry | null>(null);
  const [limit, setLimit] = useState(PAGE_SIZE);
  // Typing stays responsive with hundreds of stages: the list follows a step behind.
  const deferredSearch = useDeferredValue(search);
  // The stages reach the list as a deferred value: the list and its thumbnails are drawn in a
  // render that yields every few milliseconds, not in the one task their arrival runs in.
  const data = useDeferredValue(library.data);
  const entries = useMemo(() => data ?? [], [data]);
  const tagLabel = useCallback((name: string) => t(`TAG.${name}`, { defaultValue: name }), [t]);
  const tags = useMemo(() => tagsOf(entries, tagLabel), [entries, tagLabel]);
  const shown = useMemo(
    () => filterLibrary(entries, { search: deferredSearch, tag, sort }, i18n.language, tagLabel),
    [entries, deferredSearch, tag, sort, i18n.language, tagLabel],
  );

  const onCopy = async (entry: LibraryEntry) => {
    try {
      const id = await withSpinner(copy.mutateAsync(drawableIn(entry, i18n.language)));
      showToast({ title: t('TITLE'), message: toastMessage(t, 'COPIED', { name: libraryText(entry, i18n.language).name }), type: ToastType.success });
      void navigate(`/stage-designer/${id}`);
    } catch {
      showToast({ title: t('TITLE'), message: t('COPY_ERROR'), type: ToastType.error });
    }
  };
  const onDelete = async () => {
    if (!deleting) return;
    const entry = deleting;
    setDeleting(null);
    try {
      await withSpinner(remove.mutateAsync(entry.id));
      showToast({ title: t('TITLE'), message: t('DELETED'), type: ToastType.success });
    } catch {
      showToast({ title: t('TITLE'), message: t('DELETE_ERROR'), type: ToastType.error });
    }
  };

  return (
    <>
      <PageHeader title={t('TITLE')} subtitle={t('SUBTITLE')} />
      <div className="container-xl py-4 library-page">
        <form className="library-filters row g-2 align-items-end mb-4" role="search" onSubmit={(e) => e.preventDefault()}>
          <div className="col-12 col-md-6">
            <label htmlFor="library-search" className="form-label">
              {t('SEARCH')}
            </label>
            <input
              id="library-search"
              name="search"
              type="search"
              className="form-control"
              value={search}
              placeholder={t('SEARCH_PLACEHOLDER')}
              onChange={(e) => {
                setSearch(e.target.value);
                setLimit(PAGE_SIZE);
              }}
            />
          </div>
          <div className="col-6 col-md-3">
            <label htmlFor="library-tag" className="form-label">
              {t('TAG_FILTER')}
            </label>
            <select id="library-tag" name="tag" className="form-select" value={tag ?? ''} onChange={(e) => {
                setTag(e.target.value || null);
                setLimit(PAGE_SIZE);
              }}>
              <option value="">{t('ALL_TAGS')}</option>
              {tags.map(({ key, label }) => (
                <option key={key} value={key}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          <div className="col-6 col-md-3">
            <label htmlFor="library-sort" className="form-label">
              {t('SORT')}
            </label>
            <select id="library-sort" name="sort" className="form-select" value={sort} onChange={(e) => setSort(e.target.value as LibrarySort)}>
              <option value="name">{t('SORT_NAME')}</option>
              <option value="date">{t('SORT_DATE')}</option>
            </select>
          </div>
        </form>
        {library.isError ? (
          <div className="alert alert-danger">{t('LOAD_ERROR')}</div>
        ) : data === undefined ? (
          <div className="text-center py-5" role="status">
            <div className="spinner-border" aria-hidden="true" />
            <span className="visually-hidden">{t('LOADING')}</span>
          </div>
        ) : (
          <>
            <p className="text-body-secondary small" aria-live="polite" data-testid="library-count">
              {t('COUNT', { count: shown.length })}
            </p>
            {shown.length === 0 ? (
              <p className="library-empty">{t('EMPTY')}</p>
            ) : (
              <div className="row row-cols-1 row-cols-sm-2 row-cols-lg-3 g-3" data-testid="library-list">
                {shown.slice(0, limit).map((entry) => (
                  <div className="col" key={entry.id}>
                    <LibraryCard
                      entry={entry}
                      signedIn={user !== null}
                      staff={user?.staff === true}
                      onCopy={(e) => void onCopy(e)}
                      onDelete={setDeleting}
                    />
                  </div>
                ))}
              </div>
            )}
            {shown.length > limit ? (
              <div className="text-center mt-4">
                <button type="button" className="btn btn-outline-primary" onClick={() => setLimit((n) => n + PAGE_SIZE)}>
                  {t('SHOW_MORE', { count: Math.min(PAGE_SIZE, shown.length - limit) })}
                </button>
              </div>
            ) : null}
          </>
        )}
      </div>
      <ConfirmDialog
        show={deleting !== null}
        title={t('DELETE')}
        confirmLabel={t('DELETE')}
        cancelLabel={t('CANCEL')}
        size="sm"
        onCancel={() => setDeleting(null)}
        onConfirm={() => void onDelete()}
      >
        {deleting ? t('DELETE_CONFIRM', { name: libraryText(deleting, i18n.language).name }) : ''}
      </ConfirmDialog>
    </>
  );
}
