import { useState } from 'react';
import type { FormEvent } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ToastType } from '@club/contract/enums';
import { APP_ROUTES } from '@club/contract/routes';
import type { User } from '@club/contract/schemas';
import { useSession } from '../../../lib/session.tsx';
import { showToast } from '../../../lib/toasts.ts';
import { ApiCallError } from '../../../lib/http.ts';
import { Icon } from '../../../lib/icons.tsx';
import { PasswordInput } from '../../../lib/forms/password-input.tsx';
import { FieldErrorMessage } from '../../../lib/forms/field-error.tsx';
import { useExportDataMutation } from '../api/export-data.ts';
import { useDeleteAccountMutation } from '../api/delete-account.ts';

/** "Download my data" and "delete my account" (DECISIONS, personal data). */
export function DataControls({ user }: { user: User }) {
  const { t } = useTranslation(['profile', 'common']);
  const exportData = useExportDataMutation();
  const [confirming, setConfirming] = useState(false);

  const download = () => {
    exportData.mutate(
      { uuid: user.uuid, login: user.login },
      {
        onError: () =>
          showToast({ title: t('common:ERRORS.GENERIC_TITLE'), message: t('EXPORT.ERROR'), type: ToastType.error }),
      },
    );
  };

  return (
    <div className="card profile-card profile-data">
      <div className="card-body">
        <h2 className="profile-section-title">{t('DATA.TITLE')}</h2>
        <p className="small text-secondary">{t('EXPORT.TEXT')}</p>
        <button type="button" className="btn btn-outline-primary w-100 mb-4" onClick={download} disabled={exportData.isPending}>
          {exportData.isPending ? <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" /> : <Icon name="list" className="me-2" />}
          {t('EXPORT.BUTTON')}
        </button>
        <p className="small text-secondary">{t('DELETE.TEXT')}</p>
        <button type="button" className="btn btn-outline-danger w-100" onClick={() => setConfirming(true)}>
          <Icon name="alert" className="me-2" />
          {t('DELETE.BUTTON')}
        </button>
      </div>
      <DeleteAccountDialog user={user} show={confirming} onClose={() => setConfirming(false)} />
    </div>
  );
}

function DeleteAccountDialog({ user, show, onClose }: { user: User; show: boolean; onClose: () => void }) {
  const { t } = useTranslation(['profile', 'common']);
  const navigate = useNavigate();
  const { signOut } = useSession();
  const remove = useDeleteAccountMutation();
  const [password, setPassword] = useState('');
  const [visible, setVisible] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [errorText, setErrorText] = useState<string | null>(null);

  const close = () => {
    if (remove.isPending) return;
    setPassword('');
    setSubmitted(false);
    setErrorText(null);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setErrorText(null);
    if (password === '') return;
    try {
      await remove.mutateAsync({ uuid: user.uuid, password });
      // The server has already revoked every token of the member: nothing to call.
      await signOut({ revoke: false });
      navigate(APP_ROUTES.home);
      showToast({ title: t('DELETE.SUCCESS_TITLE'), message: t('DELETE.SUCCESS_MESSAGE'), type: ToastType.success });
    } catch (err) {
      const code = err instanceof ApiCallError ? err.errorCode : 'UNKNOWN';
      setErrorText(t(`DELETE.ERRORS.${code}`, { defaultValue: t('DELETE.ERRORS.DEFAULT') }));
    }
  };

  const missing = submitted && password === '' ? { type: 'required', message: 'required' } : undefined;
  return (
    <Modal show={show} onHide={close} centered aria-labelledby="delete-account-title">
      <form noValidate onSubmit={submit}>
        <Modal.Header closeButton closeLabel={t('common:ACTIONS.CLOSE')}>
          <Modal.Title id="delete-account-title" as="h2" className="h5">
            {t('DELETE.CONFIRM_TITLE')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p>{t('DELETE.CONFIRM_TEXT')}</p>
          {errorText ? (
            <div className="alert alert-danger py-2" role="alert">
              {errorText}
            </div>
          ) : null}
          <label className="form-label fw-semibold" htmlFor="delete-account-password">
            {t('DELETE.PASSWORD')}
          </label>
          <PasswordInput
            id="delete-account-password"
            name="password"
            autoComplete="current-password"
            visible={visible}
            onToggleVisible={() => setVisible((v) => !v)}
            invalid={Boolean(missing)}
            aria-invalid={missing ? true : undefined}
            aria-describedby={missing ? 'delete-account-password-error' : undefined}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <FieldErrorMessage id="delete-account-password-error" error={missing} />
        </Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-outline-secondary" onClick={close} disabled={remove.isPending}>
            {t('common:ACTIONS.CANCEL')}
          </button>
          <button type="submit" className="btn btn-danger" disabled={remove.isPending}>
            {remove.isPending ? <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" /> : null}
            {t('DELETE.CONFIRM_BUTTON')}
          </button>
        </Modal.Footer>
      </form>
    </Modal>
  );
}
