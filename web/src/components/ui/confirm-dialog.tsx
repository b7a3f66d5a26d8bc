import { useId } from 'react';
import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import type { ModalProps } from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';

export interface ConfirmDialogProps {
  show: boolean;
  title: string;
  /** The question: a text (one paragraph) or richer markup. */
  children: ReactNode;
  confirmLabel: string;
  /** The safe answer's label; "Cancel" when not given. */
  cancelLabel?: string;
  /** While the confirmed action runs: the confirm button waits. */
  busy?: boolean;
  /** Layout only: 'sm' for a short question beside a canvas, or a class such as SPEC §2's `modal-md-40`. */
  size?: ModalProps['size'];
  dialogClassName?: string;
  onConfirm(): void;
  onCancel(): void;
}

/**
 * A yes/no question before a destructive action. The safe answer has the focus when it opens,
 * so Enter never destroys by accident; Escape, the close button and the safe answer all cancel;
 * the focus goes back where it was when the dialog closes (react-bootstrap's restoreFocus).
 */
export function ConfirmDialog({
  show,
  title,
  children,
  confirmLabel,
  cancelLabel,
  busy = false,
  size,
  dialogClassName,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const { t } = useTranslation('common');
  const titleId = useId();
  return (
    <Modal
      show={show}
      onHide={onCancel}
      centered
      size={size}
      dialogClassName={dialogClassName}
      aria-labelledby={titleId}
    >
      <Modal.Header closeButton closeLabel={t('ACTIONS.CLOSE')}>
        <Modal.Title id={titleId} as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{typeof children === 'string' ? <p className="mb-0">{children}</p> : children}</Modal.Body>
      <Modal.Footer>
        {/* eslint-disable-next-line jsx-a11y/no-autofocus -- a destructive question starts on the safe answer */}
        <Button variant="outline-secondary" onClick={onCancel} autoFocus>
          {cancelLabel ?? t('ACTIONS.CANCEL')}
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
