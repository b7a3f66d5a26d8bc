import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';

export interface ConfirmDialogProps {
  show: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/** A yes/no question for destructive actions; the safe answer has the focus. */
export function ConfirmDialog({
  show,
  title,
  children,
  confirmLabel,
  busy,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const { t } = useTranslation('common');
  return (
    <Modal show={show} onHide={onCancel} centered aria-labelledby="confirm-dialog-title">
      <Modal.Header closeButton closeLabel={t('ACTIONS.CLOSE')}>
        <Modal.Title id="confirm-dialog-title" as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{children}</Modal.Body>
      <Modal.Footer>
        {/* eslint-disable-next-line jsx-a11y/no-autofocus -- a destructive question starts on "cancel" */}
        <Button variant="outline-secondary" onClick={onCancel} autoFocus>
          {t('ACTIONS.CANCEL')}
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
