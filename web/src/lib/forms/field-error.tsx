import { useTranslation } from 'react-i18next';
import type { FieldError as HookFieldError } from 'react-hook-form';
import { FIELD_LIMITS } from '@club/contract/forms';
import { MESSAGES_NAMESPACE, messageForIssue } from '@club/contract/messages';
import { SERVER_TEXT } from './server-errors.ts';

/** Length limits of a field, for min/max messages that react-hook-form reports without them. */
export interface FieldLimits {
  min?: number;
  max?: number;
}

type LimitName = keyof typeof FIELD_LIMITS;

/** The contract's limits of a form field, by its name where the contract knows it. */
export function limitsOf(name: string): FieldLimits | undefined {
  if (name === 'passwordConfirm' || name === 'newPassword' || name === 'newPasswordConfirm' || name === 'oldPassword')
    return FIELD_LIMITS.password;
  return Object.hasOwn(FIELD_LIMITS, name) ? FIELD_LIMITS[name as LimitName] : undefined;
}

/** Translation key and parameters (namespace `common`) of a react-hook-form field error. */
export function messageOfFieldError(error: Pick<HookFieldError, 'type' | 'message'>, limits?: FieldLimits) {
  // zodResolver puts the issue's message (our field code) in `message` and zod's kind in `type`.
  return messageForIssue({ message: error.message, type: error.type, minimum: limits?.min, maximum: limits?.max });
}

/** The validation message of one field, below its control; nothing when the field is valid. */
export function FieldErrorMessage({
  id,
  error,
  limits,
}: {
  id: string;
  error: Pick<HookFieldError, 'type' | 'message'> | undefined;
  limits?: FieldLimits;
}) {
  const { t } = useTranslation(MESSAGES_NAMESPACE);
  if (!error) return null;
  if (error.type === SERVER_TEXT && error.message) {
    // A refusal the server gave for this field, already translated by the form.
    return (
      <div id={id} className="invalid-feedback d-block" data-field-error="server">
        {error.message}
      </div>
    );
  }
  const { key, params } = messageOfFieldError(error, limits);
  return (
    <div id={id} className="invalid-feedback d-block" data-field-error={key}>
      {t(key, params)}
    </div>
  );
}
