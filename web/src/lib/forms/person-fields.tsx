import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Division, Factor, Sexo } from '@club/contract/enums';
import { MOBILE_INPUT_MAX } from '@club/contract/text';
import { FieldErrorMessage } from './field-error.tsx';
import { FormField, invalidProps } from './form-field.tsx';

/** The person fields of the register and profile forms (SPEC §3), as the forms hold them. */
export interface PersonFieldValues {
  nombre?: string;
  apellidos?: string;
  email?: string;
  mobil: string;
  nacimiento: string;
  sexo?: Sexo;
  socio?: string | null;
  division?: Division | null;
  factor?: Factor | null;
}

export type PersonFieldName = keyof PersonFieldValues;

const toNumberOrNull = (value: string): number | null => (value === '' ? null : Number(value));

/**
 * nombre … factor with their labels, controls and messages. `locked` fields are shown but
 * disabled (the profile's names, email and member number, SPEC §2).
 */
export function PersonFields({
  formId,
  locked = [],
  showErrors,
}: {
  formId: string;
  locked?: readonly PersonFieldName[];
  /** Messages show only after the first submit (SPEC §4). */
  showErrors: boolean;
}) {
  const { t } = useTranslation('common');
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<PersonFieldValues>();
  const isLocked = (name: PersonFieldName) => locked.includes(name);
  const errorOf = (name: PersonFieldName) => (showErrors && !isLocked(name) ? errors[name] : undefined);
  const cls = (name: PersonFieldName) => `form-control${errorOf(name) ? ' is-invalid' : ''}`;

  const text = (
    name: 'nombre' | 'apellidos' | 'email' | 'mobil' | 'socio',
    options: { type?: string; autoComplete: string; inputMode?: 'numeric' | 'email' | 'tel' },
    required: boolean,
  ) => (
    <FormField
      formId={formId}
      name={name}
      label={t(`PERSON.${name.toUpperCase()}`)}
      error={errorOf(name)}
      required={required && !isLocked(name)}
    >
      <input
        type={options.type ?? 'text'}
        className={cls(name)}
        autoComplete={options.autoComplete}
        inputMode={options.inputMode}
        {...invalidProps(formId, name, errorOf(name))}
        {...register(name, { disabled: isLocked(name) })}
      />
    </FormField>
  );

  // Division and factor: one choice each, or none (SPEC §2); sent as their numbers.
  const enumSelect = (name: 'division' | 'factor', values: number[], labelKey: string, enumKey: string) => (
    <FormField formId={formId} name={name} label={t(labelKey)} error={errorOf(name)}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <select
            className={`form-select${errorOf(name) ? ' is-invalid' : ''}`}
            {...invalidProps(formId, name, errorOf(name))}
            name={field.name}
            ref={field.ref}
            value={field.value ?? ''}
            onChange={(event) => field.onChange(toNumberOrNull(event.target.value))}
            onBlur={field.onBlur}
          >
            <option value="">{t('PERSON.NONE')}</option>
            {values.map((value) => (
              <option key={value} value={value}>
                {t(`ENUMS.${enumKey}.${value}`)}
              </option>
            ))}
          </select>
        )}
      />
    </FormField>
  );

  return (
    <>
      <div className="row gx-3">
        <div className="col-sm-5">{text('nombre', { autoComplete: 'given-name' }, true)}</div>
        <div className="col-sm-7">{text('apellidos', { autoComplete: 'family-name' }, true)}</div>
      </div>
      {text('email', { type: 'email', autoComplete: 'email', inputMode: 'email' }, true)}
      <div className="row gx-3">
        <div className="col-sm-6">
          <FormField
            formId={formId}
            name="mobil"
            label={t('PERSON.MOBIL')}
            hint={t('PERSON.MOBIL_HINT')}
            error={errorOf('mobil')}
            required
          >
            <input
              type="tel"
              className={cls('mobil')}
              autoComplete="tel"
              inputMode="tel"
              maxLength={MOBILE_INPUT_MAX}
              {...invalidProps(formId, 'mobil', errorOf('mobil'))}
              {...register('mobil')}
            />
          </FormField>
        </div>
        <div className="col-sm-6">
          <FormField
            formId={formId}
            name="nacimiento"
            label={t('PERSON.NACIMIENTO')}
            error={errorOf('nacimiento')}
            required
          >
            <input
              type="date"
              className={cls('nacimiento')}
              autoComplete="bday"
              max="2100-12-31"
              {...invalidProps(formId, 'nacimiento', errorOf('nacimiento'))}
              {...register('nacimiento')}
            />
          </FormField>
        </div>
      </div>
      <fieldset className="mb-3" aria-describedby={errorOf('sexo') ? `${formId}-sexo-error` : undefined}>
        <legend className="form-label fs-6 mb-1">
          {t('PERSON.SEXO')}
          <span className="required-mark" aria-hidden="true">
            {' '}
            *
          </span>
        </legend>
        <Controller
          control={control}
          name="sexo"
          render={({ field }) => (
            <div className="choice-row">
              {Object.values(Sexo).map((value) => (
                <div className="form-check form-check-inline" key={value}>
                  <input
                    type="radio"
                    className={`form-check-input${errorOf('sexo') ? ' is-invalid' : ''}`}
                    id={`${formId}-sexo-${value}`}
                    name={field.name}
                    value={value}
                    checked={field.value === value}
                    onChange={() => field.onChange(value)}
                    onBlur={field.onBlur}
                    ref={value === Sexo.hombre ? field.ref : undefined}
                  />
                  <label className="form-check-label" htmlFor={`${formId}-sexo-${value}`}>
                    {t(`ENUMS.SEXO.${value}`)}
                  </label>
                </div>
              ))}
            </div>
          )}
        />
        <FormFieldErrorOnly formId={formId} name="sexo" error={errorOf('sexo')} />
      </fieldset>
      {text('socio', { autoComplete: 'off' }, false)}
      <div className="row gx-3">
        <div className="col-sm-6">
          {enumSelect('division', Object.values(Division), 'PERSON.DIVISION', 'DIVISION')}
        </div>
        <div className="col-sm-6">
          {enumSelect('factor', Object.values(Factor), 'PERSON.FACTOR', 'FACTOR')}
        </div>
      </div>
    </>
  );
}

function FormFieldErrorOnly({
  formId,
  name,
  error,
}: {
  formId: string;
  name: string;
  error: { type: string; message?: string } | undefined;
}) {
  return <FieldErrorMessage id={`${formId}-${name}-error`} error={error} />;
}
