import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session.tsx';
import { ApiCallError } from '../../../lib/http.ts';
import { useRequestVerificationLink } from '../api/verify-email.ts';
import './verify-email-banner.css';

/**
 * Tells a signed-in member whose address is not confirmed yet why booking and keeping stages on
 * the server wait, and sends the link again on request (the server throttles it).
 */
export function VerifyEmailBanner() {
  const { t } = useTranslation('common');
  const { user } = useSession();
  const resend = useRequestVerificationLink();
  const [outcome, setOutcome] = useState<'sent' | 'tooMany' | 'error' | null>(null);
  if (!user || user.emailVerificado !== false) return null;

  const send = () => {
    setOutcome(null);
    resend.mutate(undefined, {
      onSuccess: () => setOutcome('sent'),
      onError: (error) => setOutcome(error instanceof ApiCallError && error.status === 429 ? 'tooMany' : 'error'),
    });
  };

  return (
    <div className="verify-banner" role="region" aria-label={t('VERIFY_BANNER.LABEL')}>
      <div className="container-xl verify-banner-inner">
        <p className="mb-0">
          {/* The address is the member's own text, shown as text. */}
          {t('VERIFY_BANNER.TEXT', { email: user.email })}
        </p>
        <div className="verify-banner-actions">
          <button type="button" className="btn btn-sm btn-light" onClick={send} disabled={resend.isPending || outcome === 'sent'}>
            {resend.isPending ? <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" /> : null}
            {t('VERIFY_BANNER.RESEND')}
          </button>
          <span aria-live="polite" className="verify-banner-outcome">
            {outcome ? t(`VERIFY_BANNER.${outcome === 'sent' ? 'SENT' : outcome === 'tooMany' ? 'TOO_MANY' : 'ERROR'}`) : null}
          </span>
        </div>
      </div>
    </div>
  );
}
