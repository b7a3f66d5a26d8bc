import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import type { FieldError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { contactSchema, FIELD_LIMITS } from '@club/contract/forms';
import type { ContactBody, ContactForm as ContactFormValues } from '@club/contract/forms';
import { isFieldErrorCode } from '@club/contract/errors';
import { ToastType } from '@club/contract/enums';
import { messageKeyFor } from '@club/contract/messages';
import { APP_ROUTES } from '@club/contract/routes';
import { ApiCallError } from '../../../lib/http.ts';
import { withSpinner } from '../../../lib/spinner.ts';
import { showToast } from '../../../lib/toasts.ts';
import { useSendMessage } from '../api/send-message.ts';

type FieldName = keyof ContactFormValues;

const LIMITS: Record<FieldName, number> = {
  name: FIELD_LIMITS.contactName.max,
  email: FIELD_LIMITS.contactEmail.max,
  subject: FIELD_LIMITS.contactSubject.max,
  message: FIELD_LIMITS.contactMessage.max,
};

/**
 * The contact form (SPEC §2, §5): the contract's rules, messages only after the first submit,
 * a toast for success or failure, and the form keeps what was typed either way.
 */
export function ContactForm() {
  const { t } = useTranslation(['home/contact', 'common']);
  const send = useSendMessage();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ContactFormValues, unknown, ContactBody>({
    resolver: zodResolver(contactSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { name: '', email: '', subject: '', message: '' },
  });

  const messageOf = (field: FieldName, error: FieldError | undefined): string | null => {
    if (!error?.message) return null;
    const code = error.message;
    if (!isFieldErrorCode(code)) return t('common:VALIDATION.INVALID');
    return t(`common:${messageKeyFor(code)}`, { value: LIMITS[field] });
  };

  const onSubmit = async (body: ContactBody) => {
    try {
      await withSpinner(send.mutateAsync(body), 'home/contact:SENDING');
      showToast({ title: t('SENT_TITLE'), message: t('SENT_MESSAGE'), type: ToastType.success });
    } catch (err) {
      if (err instanceof ApiCallError && err.fields) {
        for (const [field, codes] of Object.entries(err.fields)) {
          if (field in LIMITS && codes[0]) setError(field as FieldName, { type: 'server', message: codes[0] });
        }
      }
      const message =
        err instanceof ApiCallError && err.status === 429
          ? t('TOO_MANY')
          : err instanceof ApiCallError && err.status === 0
            ? t('common:ERRORS.NETWORK')
            : t('ERROR_MESSAGE');
      showToast({ title: t('ERROR_TITLE'), message, type: ToastType.error });
    }
  };

  const field = (name: FieldName, options: { type?: string; autoComplete?: string; rows?: number }) => {
    const id = `contact-${name}`;
    const message = messageOf(name, errors[name]);
    const props = {
      id,
      className: `form-control ${message ? 'is-invalid' : ''}`,
      'aria-invalid': message ? true : undefined,
      'aria-describedby': message ? `${id}-error` : undefined,
      ...register(name),
    };
    return (
      <div className={name === 'message' || name === 'subject' ? 'col-12' : 'col-md-6'}>
        <label className="form-label" htmlFor={id}>
          {t(`FORM.${name.toUpperCase()}`)}
        </label>
        {options.rows ? (
          <textarea rows={options.rows} {...props} />
        ) : (
          <input type={options.type ?? 'text'} autoComplete={options.autoComplete} {...props} />
        )}
        {message ? (
          <div className="invalid-feedback" id={`${id}-error`}>
            {message}
          </div>
        ) : null}
      </div>
    );
  };

  return (
    <form className="contact-form" onSubmit={handleSubmit(onSubmit)} noValidate aria-labelledby="contact-form-title">
      <h3 className="h5 mb-3" id="contact-form-title">
        {t('FORM.TITLE')}
      </h3>
      <div className="row g-3">
        {field('name', { autoComplete: 'name' })}
        {field('email', { type: 'email', autoComplete: 'email' })}
        {field('subject', {})}
        {field('message', { rows: 6 })}
      </div>
      <p className="small text-body-secondary mt-3 mb-3">
        {t('FORM.PRIVACY_NOTE')} <Link to={APP_ROUTES.privacy}>{t('FORM.PRIVACY_LINK')}</Link>
      </p>
      <button type="submit" className="btn btn-accent btn-lg" disabled={send.isPending}>
        {t('FORM.SEND')}
      </button>
    </form>
  );
}
