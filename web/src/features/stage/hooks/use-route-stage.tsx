import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ToastType } from '@club/contract/enums';
import { createEmptyStage } from '@club/stage-engine/model';
import type { Stage } from '@club/stage-engine/model';
import { showToast } from '../../../lib/toasts.ts';
import { drawableIn, useLibraryStage } from '../../../lib/library/library-stage.ts';
import { useStage } from '../api/get-stage.ts';
import { readCustomStage } from '../stage-storage.ts';

/** The club-library stage a screen was opened on (`?library=<id>`), or null. */
export function useLibraryParam(): string | null {
  const [params] = useSearchParams();
  return params.get('library');
}

/**
 * The stage a screen opens (SPEC §2, §7): the route's stage from the server, else a club-library
 * stage named by `?library=`, else the one kept in this browser, else an empty one; null while
 * the route's stage loads. A stage that cannot be loaded says so and opens empty.
 */
export function useRouteStage(
  id: string | undefined,
  namespace: 'stage-designer' | 'dry-training',
): Stage | null {
  const { t, i18n } = useTranslation(namespace);
  const remote = useStage(id);
  const libraryId = useLibraryParam();
  const shared = useLibraryStage(id === undefined ? libraryId : null);
  const [local] = useState(() => (id === undefined ? readCustomStage() : null));
  const failed = (id !== undefined && remote.isError) || (id === undefined && libraryId !== null && shared.isError);
  useEffect(() => {
    if (failed) showToast({ title: t('TITLE'), message: t('LOAD_ERROR'), type: ToastType.error });
  }, [failed, t]);
  if (id === undefined && libraryId !== null) {
    if (shared.data) return drawableIn(shared.data, i18n.language);
    return failed ? createEmptyStage() : null;
  }
  if (id === undefined) return local ?? createEmptyStage();
  if (remote.data) return remote.data;
  return failed ? createEmptyStage() : null;
}

/** The full-screen spinner while a stage loads. */
export function StageLoading({ label }: { label: string }) {
  return (
    <div className="stage-screen stage-loading" role="status">
      <div className="spinner-border text-light" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
