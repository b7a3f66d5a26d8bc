import { useTranslation } from 'react-i18next';
import Button from 'react-bootstrap/Button';
import { ToastType } from '@club/contract/enums';
import { showToast } from '../../../lib/toasts.ts';
import { useFailedMail, useRetryMail } from '../api/mail.ts';
import { errorMessageKey } from '../errors.ts';
import { formatInstant } from '../format.ts';
import { QueryState } from './query-state.tsx';

/** Mails the server gave up on after its tries, newest first, each with a retry button. */
export function MailScreen() {
  const { t, i18n } = useTranslation(['admin', 'common']);
  const language = i18n.resolvedLanguage ?? 'es';
  const failed = useFailedMail();
  const retry = useRetryMail();
  const list = failed.data ?? [];
  return (
    <section aria-labelledby="admin-mail-title">
      <h2 id="admin-mail-title" className="h4">
        {t('admin:MAIL.TITLE')}
      </h2>
      <p className="text-body-secondary small">{t('admin:MAIL.INTRO')}</p>
      <QueryState loading={failed.isPending} error={failed.error} onRetry={() => void failed.refetch()} />
      {failed.isSuccess && list.length === 0 ? <p data-testid="mail-empty">{t('admin:MAIL.EMPTY')}</p> : null}
      {list.length > 0 ? (
        <div className="table-responsive">
          <table className="table table-sm align-middle">
            <thead>
              <tr>
                <th scope="col">{t('admin:MAIL.TO')}</th>
                <th scope="col">{t('admin:MAIL.SUBJECT')}</th>
                <th scope="col">{t('admin:MAIL.TRIES')}</th>
                <th scope="col">{t('admin:MAIL.ERROR')}</th>
                <th scope="col">{t('admin:MAIL.CREATED')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('admin:MAIL.ACTIONS')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((mail) => (
                <tr key={mail.id} data-testid="failed-mail">
                  <td className="text-break">{mail.to}</td>
                  <td>{mail.subject}</td>
                  <td>{mail.tries}</td>
                  <td className="small text-break">{mail.lastError ?? '—'}</td>
                  <td className="small">{formatInstant(mail.createdAt, language)}</td>
                  <td>
                    <Button
                      size="sm"
                      variant="outline-primary"
                      disabled={retry.isPending}
                      aria-label={t('admin:MAIL.RETRY_FOR', { to: mail.to })}
                      onClick={() =>
                        retry.mutate(mail.id, {
                          onSuccess: () =>
                            showToast({
                              type: ToastType.success,
                              title: t('admin:MAIL.TITLE'),
                              message: t('admin:MAIL.RETRIED'),
                            }),
                          onError: (error) =>
                            showToast({
                              type: ToastType.error,
                              title: t('common:ERRORS.GENERIC_TITLE'),
                              message: t(errorMessageKey(error)),
                            }),
                        })
                      }
                    >
                      {t('admin:MAIL.RETRY')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
