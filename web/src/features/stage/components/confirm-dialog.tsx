import { Button, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

/** A yes/no question in a small modal; Escape or the close button answer no. */
export function ConfirmDialog({
  show,
  title,
  message,
  confirmLabel,
  onConfirm,
  onCancel,
}: {
  show: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('stage-designer');
  return (
    <Modal show={show} onHide={onCancel} centered size="sm" aria-labelledby="stage-confirm-title">
      <Modal.Header closeButton closeLabel={t('CLOSE')}>
        <Modal.Title id="stage-confirm-title" as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{message}</Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onCancel}>
          {t('CANCEL')}
        </Button>
        <Button variant="danger" onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
