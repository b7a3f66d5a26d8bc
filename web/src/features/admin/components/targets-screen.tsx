import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { ToastType } from '@club/contract/enums';
import type { ClubSettings } from '@club/contract/payments';
import { DEFAULT_TARGET_DIMENSIONS, TARGET_LIMITS, targetDimensionsSchema } from '@club/contract/targets';
import type { TargetDimensions } from '@club/contract/targets';
import { FormAlert } from '../../../lib/forms/form-alert.tsx';
import { ApiCallError } from '../../../lib/http.ts';
import { showToast } from '../../../lib/toasts.ts';
import { useClubSettings, useSaveClubSettings } from '../api/payments.ts';
import { QueryState } from './query-state.tsx';

type Key = keyof TargetDimensions;

/** The fields, grouped as a target is measured: the card, its head, its body, the poppers. */
const GROUPS: readonly { readonly name: string; readonly keys: readonly Key[] }[] = [
  { name: 'CARD', keys: ['cardWidth', 'cardHeight'] },
  { name: 'HEAD', keys: ['headWidth', 'headHeight', 'headAWidth', 'headAHeight'] },
  { name: 'BODY', keys: ['bodyCWidth', 'bodyCHeight', 'bodyAWidth', 'bodyAHeight'] },
  { name: 'POPPER', keys: ['popperHeight', 'popperHeadDiameter'] },
  { name: 'MINI_POPPER', keys: ['miniPopperHeight', 'miniPopperHeadDiameter'] },
];

/** The club's target sizes, in millimetres, that staff correct from their own targets with a ruler. */
export function TargetsScreen() {
  const { t } = useTranslation('targets');
  const settings = useClubSettings();
  return (
    <section aria-labelledby="targets-title" className="targets-screen">
      <h2 id="targets-title" className="h4">
        {t('TITLE')}
      </h2>
      <p className="small text-body-secondary">{t('INTRO')}</p>
      <QueryState loading={settings.isPending} error={settings.error} onRetry={() => void settings.refetch()} />
      {settings.data ? <TargetFields key={settings.data.version} settings={settings.data} /> : null}
    </section>
  );
}

const asText = (sizes: TargetDimensions): Record<Key, string> =>
  Object.fromEntries(Object.entries(sizes).map(([key, value]) => [key, String(value)])) as Record<Key, string>;

function TargetFields({ settings }: { settings: ClubSettings }) {
  const { t } = useTranslation('targets');
  const id = useId();
  const save = useSaveClubSettings();
  const measured = settings.targetDimensions ?? null;
  const [values, setValues] = useState<Record<Key, string>>(asText(measured ?? DEFAULT_TARGET_DIMENSIONS));
  const [errors, setErrors] = useState<Partial<Record<Key, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const send = (targetDimensions: TargetDimensions | null) => {
    setFailure(null);
    save.mutate(
      { duesRequired: settings.duesRequired, packRequiredFor: settings.packRequiredFor, version: settings.version, targetDimensions },
      {
        onSuccess: () => showToast({ type: ToastType.success, title: t('TITLE'), message: t('SAVED') }),
        onError: (error) =>
          setFailure(error instanceof ApiCallError && error.errorCode === 'VERSION_CONFLICT' ? t('ERRORS.VERSION_CONFLICT') : t('ERRORS.GENERIC')),
      },
    );
  };
  return (
    <Form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = targetDimensionsSchema.safeParse(
          Object.fromEntries(Object.entries(values).map(([key, text]) => [key, text.trim() === '' ? undefined : Number(text.replace(',', '.'))])),
        );
        if (!parsed.success) {
          const found: Partial<Record<Key, string>> = {};
          for (const issue of parsed.error.issues) {
            const key = issue.path[0] as Key;
            found[key] ??= issue.message;
          }
          setErrors(found);
          const first = GROUPS.flatMap((group) => group.keys).find((key) => found[key] !== undefined);
          if (first) document.getElementById(`${id}-${first}`)?.focus();
          return;
        }
        setErrors({});
        send(parsed.data);
      }}
    >
      {measured === null ? (
        <Alert variant="warning" className="small" data-testid="targets-approximate">
          {t('APPROXIMATE')}
        </Alert>
      ) : null}
      <div className="row g-3">
        {GROUPS.map((group) => (
          <fieldset key={group.name} className="col-12 col-md-6 col-xl-4">
            <legend className="fs-6 fw-semibold">{t(`GROUPS.${group.name}`)}</legend>
            {group.keys.map((key) => {
              const error = errors[key];
              return (
                <Form.Group key={key} className="mb-2" controlId={`${id}-${key}`}>
                  <Form.Label className="small mb-1">{t(`FIELDS.${key}`)}</Form.Label>
                  <div className="input-group input-group-sm">
                    <Form.Control
                      inputMode="decimal"
                      value={values[key]}
                      isInvalid={error !== undefined}
                      aria-describedby={error ? `${id}-${key}-error` : undefined}
                      onChange={(event) => setValues((current) => ({ ...current, [key]: event.target.value }))}
                    />
                    <span className="input-group-text">mm</span>
                  </div>
                  {error ? (
                    <div id={`${id}-${key}-error`} className="invalid-feedback d-block">
                      {t(`ERRORS.${error.toUpperCase()}`, { min: TARGET_LIMITS.minMm, max: TARGET_LIMITS.maxMm })}
                    </div>
                  ) : null}
                </Form.Group>
              );
            })}
          </fieldset>
        ))}
      </div>
      <div className="mt-3 d-flex flex-wrap gap-2">
        {failure ? <FormAlert className="w-100">{failure}</FormAlert> : null}
        <Button type="submit" disabled={save.isPending}>
          {t('SAVE')}
        </Button>
        {measured !== null ? (
          <Button variant="outline-secondary" disabled={save.isPending} onClick={() => send(null)}>
            {t('RESET')}
          </Button>
        ) : null}
      </div>
    </Form>
  );
}
