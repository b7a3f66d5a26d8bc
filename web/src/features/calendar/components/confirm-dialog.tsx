import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';

interface ConfirmDialogProps {
  show: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel?: string;
  /** An alert has one button and no choice. */
  alert?: boolean;
  onConfirm(): void;
  onClose(): void;
}

/** The confirm (and alert) dialog of SPEC §2, 40 % of the width on large screens. */
export function ConfirmDialog({
  show,
  title,
  message,
  confirmLabel,
  cancelLabel,
  alert = false,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const { t } = useTranslation('common');
  return (
    <Modal
      show={show}
      onHide={onClose}
      centered
      dialogClassName="modal-md-40"
      aria-labelledby="confirm-dialog-title"
    >
      <Modal.Header closeButton closeLabel={t('ACTIONS.CLOSE')}>
        <Modal.Title id="confirm-dialog-title" as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-0">{message}</p>
      </Modal.Body>
      <Modal.Footer>
        {alert ? null : (
          <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
            {cancelLabel ?? t('ACTIONS.CANCEL')}
          </button>
        )}
        <button type="button" className={alert ? 'btn btn-primary' : 'btn btn-danger'} onClick={onConfirm}>
          {confirmLabel}
        </button>
      </Modal.Footer>
    </Modal>
  );
}
