import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ToastType } from '@club/contract/enums';
import { removeToast, toastStore } from '../../lib/toasts.ts';
import type { Toast as ToastEntry } from '../../lib/toasts.ts';
import { Icon } from '../../lib/icons.tsx';

const VARIANT: Record<ToastType, string> = {
  [ToastType.success]: 'success',
  [ToastType.warning]: 'warning',
  [ToastType.error]: 'error',
};

type Sanitize = (html: string) => string;
let sanitize: Sanitize | null = null;

// The sanitizer loads with the first toast, not with the page.
function loadSanitizer(): Promise<Sanitize> {
  if (sanitize) return Promise.resolve(sanitize);
  return import('dompurify').then(({ default: purify }) => {
    // Our messages use inline emphasis only; links, images and forms are never a toast's.
    sanitize = (html) => purify.sanitize(html, { ALLOWED_TAGS: ['strong', 'em', 'b', 'i', 'br'], ALLOWED_ATTR: [] });
    return sanitize;
  });
}

// Bootstrap's fade lasts 150 ms; the toast leaves the stack once it has faded.
const FADE_MS = 150;

function ToastItem({ toast }: { toast: ToastEntry }) {
  // Toast messages are our own translated HTML (SPEC §3), still sanitised before rendering.
  const [html, setHtml] = useState<string | null>(() => (sanitize ? sanitize(toast.message) : null));
  const [shown, setShown] = useState(true);
  const { t } = useTranslation('common');

  useEffect(() => {
    let live = true;
    void loadSanitizer().then((clean) => {
      if (live) setHtml(clean(toast.message));
    });
    return () => {
      live = false;
    };
  }, [toast.message]);

  useEffect(() => {
    const timer = window.setTimeout(() => setShown(false), toast.delay);
    return () => window.clearTimeout(timer);
  }, [toast.delay]);

  useEffect(() => {
    if (shown) return;
    const timer = window.setTimeout(() => removeToast(toast.id), FADE_MS);
    return () => window.clearTimeout(timer);
  }, [shown, toast.id]);

  return (
    <div
      className={`toast fade ${shown ? 'show' : ''} club-toast club-toast-${VARIANT[toast.type]}`}
      role="alert"
      aria-live="assertive"
      aria-atomic="true"
      data-toast-type={VARIANT[toast.type]}
    >
      <div className="toast-header">
        <Icon name={toast.type === ToastType.success ? 'check' : 'alert'} className="me-2" />
        <strong className="me-auto">{toast.title}</strong>
        <button type="button" className="btn-close" aria-label={t('ACTIONS.CLOSE')} onClick={() => setShown(false)} />
      </div>
      {html === null ? <div className="toast-body" /> : <div className="toast-body" dangerouslySetInnerHTML={{ __html: html }} />}
    </div>
  );
}

/**
 * The toast stack at the top right under the header (at the bottom on a phone and over an open
 * dialog, where the top holds the page's heading or the dialog's close button): 5000 ms by
 * default, auto-hide then removal, at most five. The layout takes away the toasts of a screen left.
 */
export function ToastStack() {
  const toasts = toastStore.use();
  return (
    <div className="toast-container position-fixed end-0 toast-stack p-3" aria-live="polite">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </div>
  );
}
