import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../errors.ts';

/** Loading and failure of a list, in one place. */
export function QueryState({
  loading,
  error,
  onRetry,
}: {
  loading: boolean;
  error: unknown;
  onRetry(): void;
}) {
  const { t } = useTranslation(['admin', 'common']);
  if (loading)
    return (
      <div className="d-flex justify-content-center py-4" role="status">
        <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
        <span>{t('common:loading')}</span>
      </div>
    );
  if (error)
    return (
      <Alert variant="danger" className="d-flex flex-wrap align-items-center gap-2">
        <span className="me-auto">
          {t('admin:LOAD_ERROR')} {t(errorMessageKey(error))}
        </span>
        <Button size="sm" variant="outline-danger" onClick={onRetry}>
          {t('admin:RETRY')}
        </Button>
      </Alert>
    );
  return null;
}
