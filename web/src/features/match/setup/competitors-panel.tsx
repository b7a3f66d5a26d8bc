import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DIVISIONS, Factor } from '@club/contract/enums';
import type { Division } from '@club/contract/enums';
import { MATCH_LIMITS, guestBodySchema } from '@club/contract/match';
import type { Competitor, CompetitorUpdateBodyInput, GuestBodyInput, Match } from '@club/contract/match';
import { FormAlert } from '../../../lib/forms/form-alert.tsx';
import { errorCodeOf } from '../../../lib/forms/server-errors.ts';
import { withSpinner } from '../../../lib/spinner.ts';
import { useAddGuest, useCompetitors, useUpdateCompetitor } from '../api/competitors.ts';

const FACTORS = Object.values(Factor);

function DqForm({ competitor, onSave, onCancel }: { competitor: Competitor; onSave(rule: string, reason: string): Promise<void>; onCancel(): void }) {
  const { t } = useTranslation('match');
  const id = useId();
  const [rule, setRule] = useState(competitor.dqRule ?? '');
  const [reason, setReason] = useState(competitor.dqReason ?? '');
  const [tried, setTried] = useState(false);
  const missing = reason.trim() === '';
  return (
    <form
      className="match-dq card card-body mt-2"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setTried(true);
        if (!missing) void onSave(rule.trim(), reason.trim());
      }}
    >
      <p className="fw-semibold mb-2">{t('COMPETITORS.DQ_TITLE', { name: competitor.fullName })}</p>
      <label className="form-label" htmlFor={`${id}-rule`}>
        {t('COMPETITORS.DQ_RULE')}
      </label>
      <input id={`${id}-rule`} name="dqRule" className="form-control mb-2" maxLength={MATCH_LIMITS.dqRule.max} value={rule} onChange={(e) => setRule(e.target.value)} />
      <label className="form-label" htmlFor={`${id}-reason`}>
        {t('COMPETITORS.DQ_REASON')}
      </label>
      <textarea
        id={`${id}-reason`}
        name="dqReason"
        className={`form-control${tried && missing ? ' is-invalid' : ''}`}
        maxLength={MATCH_LIMITS.dqReason.max}
        rows={2}
        value={reason}
        aria-invalid={tried && missing ? true : undefined}
        aria-describedby={tried && missing ? `${id}-reason-error` : undefined}
        onChange={(e) => setReason(e.target.value)}
      />
      {tried && missing ? (
        <div id={`${id}-reason-error`} className="invalid-feedback d-block">
          {t('COMPETITORS.DQ_REASON_REQUIRED')}
        </div>
      ) : null}
      <div className="d-flex gap-2 mt-2">
        <button type="submit" className="btn btn-danger">
          {t('COMPETITORS.DQ_SAVE')}
        </button>
        <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
          {t('COMPETITORS.CANCEL')}
        </button>
      </div>
    </form>
  );
}

function GuestForm({ eventUuid, match }: { eventUuid: string; match: Match }) {
  const { t } = useTranslation(['match', 'common']);
  const id = useId();
  const add = useAddGuest(eventUuid);
  const [values, setValues] = useState({ nombre: '', apellidos: '', division: '', factor: String(Factor.minor), squad: '' });
  const [tried, setTried] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const body = {
    nombre: values.nombre,
    apellidos: values.apellidos,
    division: (values.division === '' ? undefined : Number(values.division)) as Division,
    factor: Number(values.factor) as Factor,
    squad: values.squad === '' ? null : Number(values.squad),
  } satisfies GuestBodyInput;
  const check = guestBodySchema.safeParse(body);
  const errors = new Map<string, string>();
  if (!check.success) for (const issue of check.error.issues) errors.set(String(issue.path[0]), issue.message);
  const errorOf = (name: string) => (tried ? errors.get(name) : undefined);
  const described = (name: string) =>
    errorOf(name) ? { 'aria-invalid': true, 'aria-describedby': `${id}-${name}-error` } : {};
  const errorText = (name: string) =>
    errorOf(name) ? (
      <div id={`${id}-${name}-error`} className="invalid-feedback d-block">
        {t(`common:VALIDATION.${errorOf(name)}`, { defaultValue: t('FORM.INVALID') })}
      </div>
    ) : null;
  const submit = async () => {
    setTried(true);
    setRefusal(null);
    if (!check.success) return;
    try {
      await withSpinner(add.mutateAsync(body));
      setValues((v) => ({ ...v, nombre: '', apellidos: '' }));
      setTried(false);
    } catch (error) {
      setRefusal(errorCodeOf(error));
    }
  };
  return (
    <form
      className="card card-body mb-3"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h3 className="h6">{t('COMPETITORS.ADD_GUEST')}</h3>
      <div className="row g-2 align-items-start">
        <div className="col-sm-6 col-lg-3">
          <label className="form-label small mb-1" htmlFor={`${id}-nombre`}>
            {t('COMPETITORS.NOMBRE')}
          </label>
          <input id={`${id}-nombre`} name="nombre" className={`form-control${errorOf('nombre') ? ' is-invalid' : ''}`} value={values.nombre} onChange={(e) => setValues({ ...values, nombre: e.target.value })} {...described('nombre')} />
          {errorText('nombre')}
        </div>
        <div className="col-sm-6 col-lg-3">
          <label className="form-label small mb-1" htmlFor={`${id}-apellidos`}>
            {t('COMPETITORS.APELLIDOS')}
          </label>
          <input id={`${id}-apellidos`} name="apellidos" className={`form-control${errorOf('apellidos') ? ' is-invalid' : ''}`} value={values.apellidos} onChange={(e) => setValues({ ...values, apellidos: e.target.value })} {...described('apellidos')} />
          {errorText('apellidos')}
        </div>
        <div className="col-6 col-lg-2">
          <label className="form-label small mb-1" htmlFor={`${id}-division`}>
            {t('COMPETITORS.DIVISION')}
          </label>
          <select id={`${id}-division`} name="division" className={`form-select${errorOf('division') ? ' is-invalid' : ''}`} value={values.division} onChange={(e) => setValues({ ...values, division: e.target.value })} {...described('division')}>
            <option value="">{t('COMPETITORS.CHOOSE')}</option>
            {DIVISIONS.map((d) => (
              <option key={d} value={d}>
                {t(`common:ENUMS.DIVISION.${d}`)}
              </option>
            ))}
          </select>
          {errorText('division')}
        </div>
        <div className="col-6 col-lg-2">
          <label className="form-label small mb-1" htmlFor={`${id}-factor`}>
            {t('COMPETITORS.FACTOR')}
          </label>
          <select id={`${id}-factor`} name="factor" className="form-select" value={values.factor} onChange={(e) => setValues({ ...values, factor: e.target.value })}>
            {FACTORS.map((f) => (
              <option key={f} value={f}>
                {t(`common:ENUMS.FACTOR.${f}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="col-6 col-lg-2">
          <label className="form-label small mb-1" htmlFor={`${id}-squad`}>
            {t('COMPETITORS.SQUAD')}
          </label>
          <select id={`${id}-squad`} name="squad" className="form-select" value={values.squad} onChange={(e) => setValues({ ...values, squad: e.target.value })}>
            <option value="">{t('COMPETITORS.NO_SQUAD')}</option>
            {match.squads.map((s) => (
              <option key={s.number} value={s.number}>
                {s.name ?? t('SQUAD', { n: s.number })}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="mt-2">
        <button type="submit" className="btn btn-primary">
          {t('COMPETITORS.ADD')}
        </button>
      </div>
      {refusal ? <FormAlert className="mt-2">{t(`ERROR.${refusal}`, { defaultValue: t('ERROR.generic') })}</FormAlert> : null}
    </form>
  );
}

/** Staff's list of competitors: division, factor and squad changed in place, DQ with rule and reason, guests added. */
export function CompetitorsPanel({ eventUuid, match }: { eventUuid: string; match: Match }) {
  const { t } = useTranslation(['match', 'common']);
  const competitors = useCompetitors(eventUuid);
  const update = useUpdateCompetitor(eventUuid);
  const [dqOf, setDqOf] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const change = async (competitor: Competitor, body: CompetitorUpdateBodyInput) => {
    setRefusal(null);
    try {
      await withSpinner(update.mutateAsync({ id: competitor.id, body }));
    } catch (error) {
      setRefusal(errorCodeOf(error));
    }
  };
  const list = competitors.data ?? [];
  return (
    <section aria-labelledby="match-competitors-title" className="mt-4">
      <h2 id="match-competitors-title" className="h4">
        {t('COMPETITORS.TITLE', { count: list.length })}
      </h2>
      <GuestForm eventUuid={eventUuid} match={match} />
      {refusal ? <FormAlert>{t(`ERROR.${refusal}`, { defaultValue: t('ERROR.generic') })}</FormAlert> : null}
      {competitors.isPending ? (
        <div className="spinner-border" role="status">
          <span className="visually-hidden">{t('common:loading')}</span>
        </div>
      ) : competitors.isError ? (
        <div className="alert alert-danger">{t('ERROR.generic')}</div>
      ) : (
        <div className="table-responsive">
          <table className="table match-competitors">
            <thead>
              <tr>
                <th scope="col">{t('COMPETITORS.NAME')}</th>
                <th scope="col">{t('COMPETITORS.DIVISION')}</th>
                <th scope="col">{t('COMPETITORS.FACTOR')}</th>
                <th scope="col">{t('COMPETITORS.SQUAD')}</th>
                <th scope="col">{t('COMPETITORS.DQ')}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((c) => (
                <tr key={c.id} data-competitor={c.fullName}>
                  <th scope="row">
                    {c.fullName}
                    {c.personUuid === null ? <span className="badge text-bg-light border ms-2">{t('COMPETITORS.GUEST')}</span> : null}
                    {dqOf === c.id ? (
                      <DqForm
                        competitor={c}
                        onCancel={() => setDqOf(null)}
                        onSave={async (rule, reason) => {
                          await change(c, { dq: true, dqRule: rule || null, dqReason: reason });
                          setDqOf(null);
                        }}
                      />
                    ) : null}
                  </th>
                  <td>
                    <select className="form-select form-select-sm" name="division" aria-label={t('COMPETITORS.DIVISION_OF', { name: c.fullName })} value={c.division} onChange={(e) => void change(c, { division: Number(e.target.value) as Division })}>
                      {DIVISIONS.map((d) => (
                        <option key={d} value={d}>
                          {t(`common:ENUMS.DIVISION.${d}`)}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td>
                    <select className="form-select form-select-sm" name="factor" aria-label={t('COMPETITORS.FACTOR_OF', { name: c.fullName })} value={c.factor} onChange={(e) => void change(c, { factor: Number(e.target.value) as Factor })}>
                      {FACTORS.map((f) => (
                        <option key={f} value={f}>
                          {t(`common:ENUMS.FACTOR.${f}`)}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td>
                    <select className="form-select form-select-sm" name="squad" aria-label={t('COMPETITORS.SQUAD_OF', { name: c.fullName })} value={c.squad ?? ''} onChange={(e) => void change(c, { squad: e.target.value === '' ? null : Number(e.target.value) })}>
                      <option value="">{t('COMPETITORS.NO_SQUAD')}</option>
                      {match.squads.map((s) => (
                        <option key={s.number} value={s.number}>
                          {s.name ?? t('SQUAD', { n: s.number })}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td>
                    {c.dq ? (
                      <div>
                        <span className="badge text-bg-danger" data-testid="dq-badge">
                          {t('STATUS.DQ')}
                        </span>{' '}
                        <small>
                          {c.dqRule ? `${c.dqRule} · ` : ''}
                          {c.dqReason}
                        </small>{' '}
                        <button type="button" className="btn btn-link btn-sm p-0" onClick={() => void change(c, { dq: false })}>
                          {t('COMPETITORS.UNDO_DQ')}
                        </button>
                      </div>
                    ) : (
                      <button type="button" className="btn btn-sm btn-outline-danger" aria-label={t('COMPETITORS.DQ_OF', { name: c.fullName })} onClick={() => setDqOf(c.id)}>
                        {t('COMPETITORS.DQ')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
