import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { contactSchema, FIELD_LIMITS } from '@club/contract/forms';
import type { ContactBody, ContactForm as ContactFormValues } from '@club/contract/forms';
import { ToastType } from '@club/contract/enums';
import { APP_ROUTES } from '@club/contract/routes';
import { FormAlert } from '../../../lib/forms/form-alert.tsx';
import { FormField, invalidProps } from '../../../lib/forms/form-field.tsx';
import { applyServerFieldErrors } from '../../../lib/forms/server-errors.ts';
import { ApiCallError } from '../../../lib/http.ts';
import { withSpinner } from '../../../lib/spinner.ts';
import { showToast } from '../../../lib/toasts.ts';
import { useSendMessage } from '../api/send-message.ts';

type FieldName = keyof ContactFormValues;

const FORM_ID = 'contact';

const LIMITS = {
  name: FIELD_LIMITS.contactName,
  email: FIELD_LIMITS.contactEmail,
  subject: FIELD_LIMITS.contactSubject,
  message: FIELD_LIMITS.contactMessage,
} as const satisfies Record<FieldName, { max: number }>;

const FIELDS = Object.keys(LIMITS) as FieldName[];

/**
 * The contact form (SPEC §2, §5): the contract's rules, messages only after the first submit.
 * A message sent gives SPEC's toast, empties the form and says so in place as well, where it
 * stays (no second send by mistake) until the person writes another; a failure keeps what was
 * typed and says why.
 */
export function ContactForm() {
  const { t } = useTranslation(['home/contact', 'common']);
  const send = useSendMessage();
  // A link elsewhere ("book a lesson with …" on a team page) may bring the subject with it.
  const state: unknown = useLocation().state;
  const subject =
    typeof state === 'object' && state !== null && 'contactSubject' in state && typeof state.contactSubject === 'string'
      ? state.contactSubject.slice(0, FIELD_LIMITS.contactSubject.max)
      : '';
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    reset,
    formState: { errors },
  } = useForm<ContactFormValues, unknown, ContactBody>({
    resolver: zodResolver(contactSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { name: '', email: '', subject, message: '' },
  });

  const [sentTo, setSentTo] = useState<string | null>(null);
  // A refusal no field speaks for, said once beside the send button (decision 0030).
  const [refusal, setRefusal] = useState<string | null>(null);

  const onSubmit = async (body: ContactBody) => {
    setRefusal(null);
    try {
      await withSpinner(send.mutateAsync(body), 'home/contact:SENDING');
      showToast({ title: t('SENT_TITLE'), message: t('SENT_MESSAGE'), type: ToastType.success });
      reset({ name: body.name, email: body.email, subject: '', message: '' });
      setSentTo(body.email);
    } catch (err) {
      // Each refusal is said once (decision 0030) and what was typed stays: field errors under
      // their fields, the first taking the focus; anything else beside the send button.
      if (applyServerFieldErrors(err, setError, FIELDS)) {
        const first = FIELDS.find((name) => err instanceof ApiCallError && err.fields?.[name]?.length);
        if (first) setFocus(first);
        return;
      }
      setRefusal(
        err instanceof ApiCallError && err.status === 429
          ? t('TOO_MANY')
          : err instanceof ApiCallError && err.status === 0
            ? t('common:ERRORS.NETWORK')
            : t('ERROR_MESSAGE'),
      );
    }
  };

  const field = (name: FieldName, options: { type?: string; autoComplete?: string; rows?: number }) => {
    const error = errors[name];
    const props = {
      className: `form-control${error ? ' is-invalid' : ''}`,
      ...invalidProps(FORM_ID, name, error),
      ...register(name),
    };
    return (
      <FormField
        formId={FORM_ID}
        name={name}
        label={t(`FORM.${name.toUpperCase()}`)}
        error={error}
        limits={LIMITS[name]}
        className={name === 'message' || name === 'subject' ? 'col-12' : 'col-md-6'}
      >
        {options.rows ? (
          <textarea rows={options.rows} {...props} />
        ) : (
          <input type={options.type ?? 'text'} autoComplete={options.autoComplete} {...props} />
        )}
      </FormField>
    );
  };

  return (
    <form className="contact-form" onSubmit={handleSubmit(onSubmit)} noValidate aria-labelledby="contact-form-title">
      <h3 className="h5 mb-3" id="contact-form-title">
        {t('FORM.TITLE')}
      </h3>
      <div role="status" aria-live="polite">
        {sentTo !== null ? (
          <div className="alert alert-success" data-testid="contact-sent">
            <p className="fw-semibold mb-1">{t('SENT_TITLE')}</p>
            <p className="mb-2">{t('SENT_TO', { email: sentTo })}</p>
            <button type="button" className="btn btn-sm btn-success" onClick={() => setSentTo(null)}>
              {t('WRITE_ANOTHER')}
            </button>
          </div>
        ) : null}
      </div>
      <div className="row g-3" hidden={sentTo !== null}>
        {field('name', { autoComplete: 'name' })}
        {field('email', { type: 'email', autoComplete: 'email' })}
        {field('subject', {})}
        {field('message', { rows: 6 })}
      </div>
      {sentTo === null ? (
        <>
          <p className="small text-body-secondary mt-3 mb-3">
            {t('FORM.PRIVACY_NOTE')} <Link to={APP_ROUTES.privacy}>{t('FORM.PRIVACY_LINK')}</Link>
          </p>
          {refusal !== null ? <FormAlert testId="contact-refusal">{refusal}</FormAlert> : null}
          <button type="submit" className="btn btn-accent btn-lg" disabled={send.isPending}>
            {t('FORM.SEND')}
          </button>
        </>
      ) : null}
    </form>
  );
}
