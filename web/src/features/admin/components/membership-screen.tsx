import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { EVENT_TYPES, ToastType } from '@club/contract/enums';
import { isRegistrable } from '@club/contract/eligibility';
import { clubMonth, monthBounds, shiftMonth } from '@club/contract/club-time';
import type { ClubSettings } from '@club/contract/payments';
import type { User } from '@club/contract/schemas';
import { FormAlert } from '../../../lib/forms/form-alert.tsx';
import { ApiCallError } from '../../../lib/http.ts';
import { formatDay } from '../../../lib/membership/membership.ts';
import { showToast } from '../../../lib/toasts.ts';
import { useClubSettings, useNeedsAttention, useSaveClubSettings } from '../api/payments.ts';
import { QueryState } from './query-state.tsx';

/** Members whose papers need staff: lapsed dues, licences expiring, packs used up; and the club's rules. */
export function MembershipScreen() {
  const { t } = useTranslation(['membership', 'admin', 'common']);
  const id = useId();
  const month = clubMonth(new Date());
  const attention = useNeedsAttention(monthBounds(shiftMonth(month, -11)).first, monthBounds(month).last);
  const data = attention.data;
  return (
    <div className="membership-screen">
      <section aria-labelledby={`${id}-attention`}>
        <h2 id={`${id}-attention`} className="h4">
          {t('STAFF.ATTENTION_TITLE')}
        </h2>
        <QueryState loading={attention.isPending} error={attention.error} onRetry={() => void attention.refetch()} />
        {data ? (
          <div className="row g-3">
            <AttentionList title={t('STAFF.LAPSED')} testId="attention-lapsed" users={data.lapsed} detail={(u) => t('STAFF.UNTIL', { date: day(u.cuotaHasta) })} />
            <AttentionList
              title={t('STAFF.LICENCES')}
              testId="attention-licences"
              users={data.licencesExpiring}
              detail={(u) => t('STAFF.EXPIRES', { date: day(u.licenciaCaduca) })}
            />
            <AttentionList title={t('STAFF.PACKS')} testId="attention-packs" users={data.packsEmpty} detail={(u) => t('DETAIL_CLASSES', { count: u.bonoClases ?? 0 })} />
          </div>
        ) : null}
      </section>
      <RulesForm />
    </div>
  );
}

function day(date: string | null | undefined): string {
  return date ? formatDay(date, document.documentElement.lang || 'es') : '—';
}

function AttentionList({ title, users, detail, testId }: { title: string; users: User[]; detail(user: User): string; testId: string }) {
  const { t } = useTranslation('membership');
  const id = useId();
  return (
    <section className="col-12 col-lg-4" aria-labelledby={id} data-testid={testId}>
      <div className="card h-100">
        <div className="card-body">
          <h3 id={id} className="h6">
            {title} <span className="badge text-bg-secondary">{users.length}</span>
          </h3>
          {users.length === 0 ? (
            <p className="mb-0 small">{t('STAFF.NONE')}</p>
          ) : (
            <ul className="list-unstyled mb-0 attention-list">
              {users.map((user) => (
                <li key={user.uuid}>
                  <span>{user.fullName}</span>
                  <span className="small text-body-secondary"> · {detail(user)}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </section>
  );
}

function RulesForm() {
  const { t } = useTranslation(['membership', 'common']);
  const settings = useClubSettings();
  return (
    <section aria-labelledby="membership-rules-title" className="mt-4">
      <h2 id="membership-rules-title" className="h4">
        {t('STAFF.SETTINGS_TITLE')}
      </h2>
      <p className="small text-body-secondary">{t('STAFF.SETTINGS_INTRO')}</p>
      <QueryState loading={settings.isPending} error={settings.error} onRetry={() => void settings.refetch()} />
      {settings.data ? <RulesFields key={settings.data.version} settings={settings.data} /> : null}
    </section>
  );
}

function RulesFields({ settings }: { settings: ClubSettings }) {
  const { t } = useTranslation(['membership', 'common']);
  const id = useId();
  const save = useSaveClubSettings();
  const [duesRequired, setDuesRequired] = useState(settings.duesRequired);
  const [types, setTypes] = useState<number[]>(settings.packRequiredFor);
  const [failure, setFailure] = useState<string | null>(null);
  const toggle = (type: number) => setTypes((current) => (current.includes(type) ? current.filter((x) => x !== type) : [...current, type]));
  return (
    <Form
      onSubmit={(e) => {
        e.preventDefault();
        setFailure(null);
        save.mutate(
          { duesRequired, packRequiredFor: types as ClubSettings['packRequiredFor'], version: settings.version },
          {
            onSuccess: () => showToast({ type: ToastType.success, title: t('STAFF.SETTINGS_TITLE'), message: t('STAFF.SETTINGS_SAVED') }),
            onError: (error) =>
              setFailure(
                error instanceof ApiCallError && error.errorCode === 'VERSION_CONFLICT' ? t('ERRORS.VERSION_CONFLICT') : t('ERRORS.GENERIC'),
              ),
          },
        );
      }}
    >
      <Form.Check type="switch" id={`${id}-dues`} checked={duesRequired} onChange={(e) => setDuesRequired(e.target.checked)} label={t('STAFF.DUES_REQUIRED')} />
      <fieldset className="mt-3">
        <legend className="fs-6 fw-semibold">{t('STAFF.PACK_FOR')}</legend>
        <div className="admin-flag-grid">
          {EVENT_TYPES.filter(isRegistrable).map((type) => (
            <Form.Check
              key={type}
              type="checkbox"
              id={`${id}-type-${type}`}
              checked={types.includes(type)}
              onChange={() => toggle(type)}
              label={t(`common:ENUMS.EVENT_TYPE.${type}`)}
            />
          ))}
        </div>
      </fieldset>
      <div className="mt-3 d-flex flex-wrap gap-2">
        {failure ? <FormAlert className="w-100">{failure}</FormAlert> : null}
        <Button type="submit" disabled={save.isPending}>
          {t('STAFF.SETTINGS_SAVE')}
        </Button>
      </div>
    </Form>
  );
}
