import type { ReactNode } from 'react';
import type { FieldError as HookFieldError } from 'react-hook-form';
import { FieldErrorMessage, limitsOf } from './field-error.tsx';
import type { FieldLimits } from './field-error.tsx';

/** Ids of a field's control and its error text, from the form's id and the field's name. */
export function fieldIds(formId: string, name: string) {
  return { control: `${formId}-${name}`, error: `${formId}-${name}-error` };
}

/** Attributes a control takes from its validation state (Bootstrap's and ARIA's). */
export function invalidProps(formId: string, name: string, error: unknown) {
  const ids = fieldIds(formId, name);
  return {
    id: ids.control,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? ids.error : undefined,
  } as const;
}

/** A visible label, the control, an optional hint and the field's validation message. */
export function FormField({
  formId,
  name,
  label,
  error,
  hint,
  limits,
  required,
  className,
  children,
}: {
  formId: string;
  name: string;
  label: string;
  error?: Pick<HookFieldError, 'type' | 'message'>;
  hint?: string;
  limits?: FieldLimits;
  required?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const ids = fieldIds(formId, name);
  return (
    <div className={className ?? 'mb-3'}>
      <label className="form-label" htmlFor={ids.control}>
        {label}
        {required ? (
          <span className="required-mark" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {children}
      {hint && !error ? <div className="form-text">{hint}</div> : null}
      <FieldErrorMessage id={ids.error} error={error} limits={limits ?? limitsOf(name)} />
    </div>
  );
}
