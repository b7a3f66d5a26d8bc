import { useMemo } from 'react';
import DOMPurify from 'dompurify';
import Toast from 'react-bootstrap/Toast';
import ToastContainer from 'react-bootstrap/ToastContainer';
import { ToastType } from '@club/contract/enums';
import { removeToast, toastStore } from '../../lib/toasts.ts';
import type { Toast as ToastEntry } from '../../lib/toasts.ts';
import { Icon } from '../../lib/icons.tsx';

const VARIANT: Record<ToastType, string> = {
  [ToastType.success]: 'success',
  [ToastType.warning]: 'warning',
  [ToastType.error]: 'error',
};

function ToastItem({ toast }: { toast: ToastEntry }) {
  // Toast messages are our own translated HTML (SPEC §3), still sanitised before rendering.
  const html = useMemo(() => DOMPurify.sanitize(toast.message), [toast.message]);
  return (
    <Toast
      className={`club-toast club-toast-${VARIANT[toast.type]}`}
      autohide
      delay={toast.delay}
      onClose={() => removeToast(toast.id)}
      data-toast-type={VARIANT[toast.type]}
    >
      <Toast.Header closeLabel="×">
        <Icon name={toast.type === ToastType.success ? 'check' : 'alert'} className="me-2" />
        <strong className="me-auto">{toast.title}</strong>
      </Toast.Header>
      <Toast.Body dangerouslySetInnerHTML={{ __html: html }} />
    </Toast>
  );
}

/** The toast stack at the top right: 5000 ms by default, auto-hide then removal, at most five. */
export function ToastStack() {
  const toasts = toastStore.use();
  return (
    <ToastContainer position="top-end" className="toast-stack p-3" containerPosition="fixed" aria-live="polite">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </ToastContainer>
  );
}
