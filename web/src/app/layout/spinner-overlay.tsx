import { useTranslation } from 'react-i18next';
import { spinnerStore } from '../../lib/spinner.ts';

/** The global spinner overlay with its message (default key `loading`). */
export function SpinnerOverlay() {
  const { t } = useTranslation('common');
  const state = spinnerStore.use();
  if (!state.visible) return null;
  return (
    <div className="spinner-overlay" role="status" aria-live="polite">
      <div className="spinner-border text-light" aria-hidden="true" />
      <p className="mt-3 mb-0">{t(state.messageKey)}</p>
    </div>
  );
}
