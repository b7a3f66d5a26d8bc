import { useTranslation } from 'react-i18next';
import type { InputHTMLAttributes, Ref } from 'react';
import { Icon } from '../icons.tsx';

export interface PasswordInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  /** Shown as text while true. */
  visible: boolean;
  /** Called by the eye button; without it the field has no button (another field's toggles it). */
  onToggleVisible?: () => void;
  invalid?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/** A password control with an eye button that shows or hides what was typed. */
export function PasswordInput({ visible, onToggleVisible, invalid, className, ref, ...input }: PasswordInputProps) {
  const { t } = useTranslation('common');
  const control = (
    <input
      ref={ref}
      type={visible ? 'text' : 'password'}
      className={`form-control${invalid ? ' is-invalid' : ''}${className ? ` ${className}` : ''}`}
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      {...input}
    />
  );
  if (!onToggleVisible) return control;
  return (
    <div className={`input-group password-input${invalid ? ' has-validation' : ''}`}>
      {control}
      <button
        type="button"
        className="btn btn-outline-secondary password-toggle"
        onClick={onToggleVisible}
        aria-pressed={visible}
        aria-label={visible ? t('ACTIONS.HIDE_PASSWORD') : t('ACTIONS.SHOW_PASSWORD')}
        title={visible ? t('ACTIONS.HIDE_PASSWORD') : t('ACTIONS.SHOW_PASSWORD')}
      >
        <Icon name={visible ? 'eyeOff' : 'eye'} />
      </button>
    </div>
  );
}
