import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'react-bootstrap/Button';
import { ToastType } from '@club/contract/enums';
import type { User } from '@club/contract/schemas';
import { showToast, toastMessage } from '../../../lib/toasts.ts';
import { useMemberClaims } from '../api/member-claims.ts';
import { useUpdateUser } from '../api/update-user.ts';
import { errorMessageKey } from '../errors.ts';

/**
 * Member numbers people gave at registration, waiting for staff: confirm one (it becomes the
 * member's number) or reject it, each in one click. Shown only while some wait.
 */
export function ClaimsPanel() {
  const { t } = useTranslation(['admin', 'common']);
  const titleId = useId();
  const claims = useMemberClaims();
  const update = useUpdateUser();
  const [busy, setBusy] = useState<string | null>(null);
  const list = claims.data ?? [];
  if (list.length === 0) return null;

  const decide = async (user: User, confirm: boolean) => {
    setBusy(user.uuid);
    try {
      const body = confirm ? { socio: user.socioSolicitado } : { socioSolicitado: null };
      await update.mutateAsync({ uuid: user.uuid, body });
      showToast({
        title: t('admin:CLAIMS.TITLE'),
        message: toastMessage(t, confirm ? 'admin:CLAIMS.CONFIRMED' : 'admin:CLAIMS.REJECTED', {
          name: user.fullName,
          socio: user.socioSolicitado ?? '',
        }),
      });
    } catch (error) {
      showToast({ title: t('common:ERRORS.GENERIC_TITLE'), message: t(errorMessageKey(error)), type: ToastType.error });
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="admin-claims card mb-4" aria-labelledby={titleId}>
      <div className="card-body">
        <h3 id={titleId} className="h6 mb-1">
          {t('admin:CLAIMS.TITLE')}
        </h3>
        <p className="small text-body-secondary">{t('admin:CLAIMS.LEAD')}</p>
        <ul className="list-unstyled mb-0">
          {list.map((user) => (
            <li key={user.uuid} className="admin-claim" data-testid="claim-row">
              <div className="admin-claim-who">
                <strong>{user.fullName}</strong>
                <span className="small text-body-secondary text-break">{user.email}</span>
              </div>
              <div className="admin-claim-number">
                {t('admin:CLAIMS.ASKS')} <strong>{user.socioSolicitado}</strong>
                {user.socio ? <span className="small text-body-secondary"> ({t('admin:CLAIMS.HOLDS', { socio: user.socio })})</span> : null}
              </div>
              <div className="admin-claim-actions">
                <Button
                  size="sm"
                  variant="success"
                  disabled={busy !== null}
                  onClick={() => void decide(user, true)}
                  aria-label={t('admin:CLAIMS.CONFIRM_NAMED', { name: user.fullName })}
                >
                  {t('admin:CLAIMS.CONFIRM')}
                </Button>
                <Button
                  size="sm"
                  variant="outline-danger"
                  disabled={busy !== null}
                  onClick={() => void decide(user, false)}
                  aria-label={t('admin:CLAIMS.REJECT_NAMED', { name: user.fullName })}
                >
                  {t('admin:CLAIMS.REJECT')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
