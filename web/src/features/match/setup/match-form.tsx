import { useEffect, useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { matchBodySchema } from '@club/contract/match';
import type { Match, MatchBodyInput, MatchScoring } from '@club/contract/match';
import { FormAlert } from '../../../lib/forms/form-alert.tsx';
import { errorCodeOf } from '../../../lib/forms/server-errors.ts';
import { withSpinner } from '../../../lib/spinner.ts';
import { libraryText, useLibrary } from '../../../lib/library/library-stage.ts';
import { useSaveMatch } from '../api/match.ts';

interface StageRow {
  number: string;
  name: string;
  libraryStageId: string;
  minRounds: string;
  maxPoints: string;
  series: string;
  shotsPerSeries: string;
}
interface SquadRow {
  number: string;
  name: string;
  capacity: string;
}

const toStageRow = (s: Match['stages'][number]): StageRow => ({
  number: String(s.number),
  name: s.name,
  libraryStageId: s.libraryStageId ?? '',
  minRounds: String(s.minRounds),
  maxPoints: String(s.maxPoints),
  series: s.series === null ? '' : String(s.series),
  shotsPerSeries: s.shotsPerSeries === null ? '' : String(s.shotsPerSeries),
});
const toSquadRow = (s: Match['squads'][number]): SquadRow => ({ number: String(s.number), name: s.name ?? '', capacity: s.capacity === null ? '' : String(s.capacity) });
const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));

/** The body the form sends, as typed (the contract's schema says what is wrong with it). */
function bodyOf(name: string, scoring: MatchScoring, published: boolean, stages: StageRow[], squads: SquadRow[]): MatchBodyInput {
  return {
    name,
    scoring,
    published,
    stages: stages.map((s) => ({
      number: Number(s.number),
      name: s.name,
      libraryStageId: s.libraryStageId || null,
      minRounds: scoring === 'precision' ? (Number(s.series) || 1) * (Number(s.shotsPerSeries) || 1) : Number(s.minRounds),
      maxPoints: scoring === 'ipsc' ? numberOrNull(s.maxPoints) : null,
      series: scoring === 'precision' ? numberOrNull(s.series) : null,
      shotsPerSeries: scoring === 'precision' ? numberOrNull(s.shotsPerSeries) : null,
    })),
    squads: squads.map((s) => ({ number: Number(s.number), name: s.name.trim() === '' ? null : s.name, capacity: numberOrNull(s.capacity) })),
  } as MatchBodyInput;
}

/** Staff's form of a match: name, scoring, stages (optionally from the library), squads, published. */
export function MatchForm({
  eventUuid,
  match,
  defaultName,
  defaultStageId = null,
}: {
  eventUuid: string;
  match: Match | null;
  defaultName: string;
  /** The library stage the event carries as its briefing: a new match's first stage. */
  defaultStageId?: string | null;
}) {
  const { t, i18n } = useTranslation(['match', 'common']);
  const formId = useId();
  const library = useLibrary();
  const save = useSaveMatch(eventUuid);
  const [name, setName] = useState(match?.name ?? defaultName);
  const [scoring, setScoring] = useState<MatchScoring>(match?.scoring ?? 'ipsc');
  const [published, setPublished] = useState(match?.published ?? false);
  const [stages, setStages] = useState<StageRow[]>(
    match?.stages.map(toStageRow) ?? [{ number: '1', name: '', libraryStageId: defaultStageId ?? '', minRounds: '12', maxPoints: '', series: '', shotsPerSeries: '' }],
  );
  const [squads, setSquads] = useState<SquadRow[]>(match?.squads.map(toSquadRow) ?? [{ number: '1', name: '', capacity: '10' }]);
  const [tried, setTried] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  const body = bodyOf(name, scoring, published, stages, squads);
  const check = matchBodySchema.safeParse(body);
  const errors = new Map<string, string>();
  if (!check.success) for (const issue of check.error.issues) errors.set(issue.path.join('.'), issue.message);
  const errorOf = (path: string) => (tried ? errors.get(path) : undefined);
  const message = (code: string | undefined) => (code ? t(`common:VALIDATION.${code}`, { defaultValue: t('FORM.INVALID') }) : null);

  const setStage = (i: number, patch: Partial<StageRow>) => setStages((rows) => rows.map((row, j) => (j === i ? { ...row, ...patch } : row)));
  const setSquad = (i: number, patch: Partial<SquadRow>) => setSquads((rows) => rows.map((row, j) => (j === i ? { ...row, ...patch } : row)));
  const chooseLibrary = (i: number, id: string) => {
    const entry = library.data?.find((s) => s.id === id);
    setStage(i, entry ? { libraryStageId: id, name: stages[i].name || libraryText(entry, i18n.language).name, minRounds: String(entry.rounds) } : { libraryStageId: '' });
  };

  // A new match's first stage is the event's briefing: once the library is read, it takes that
  // stage's name and rounds, unless staff have already written their own.
  const briefing = match ? undefined : library.data?.find((entry) => entry.id === defaultStageId);
  const briefingTaken = useRef(false);
  useEffect(() => {
    if (!briefing || briefingTaken.current) return;
    briefingTaken.current = true;
    setStages((rows) =>
      rows.map((row, i) =>
        i === 0 && row.libraryStageId === briefing.id && !row.name ? { ...row, name: libraryText(briefing, i18n.language).name, minRounds: String(briefing.rounds) } : row,
      ),
    );
  }, [briefing, i18n.language]);

  const submit = async () => {
    setTried(true);
    setRefusal(null);
    setSaved(false);
    if (!check.success) return;
    try {
      await withSpinner(save.mutateAsync(body));
      setSaved(true);
    } catch (error) {
      setRefusal(errorCodeOf(error));
    }
  };

  const field = (path: string, label: string, input: ReactNode) => {
    const error = message(errorOf(path));
    return (
      <div className="match-field">
        <label className="form-label small mb-1" htmlFor={`${formId}-${path}`}>
          {label}
        </label>
        {input}
        {error ? (
          <div className="invalid-feedback d-block" id={`${formId}-${path}-error`}>
            {error}
          </div>
        ) : null}
      </div>
    );
  };
  const inputProps = (path: string) => ({
    id: `${formId}-${path}`,
    className: `form-control${errorOf(path) ? ' is-invalid' : ''}`,
    'aria-invalid': errorOf(path) ? true : undefined,
    'aria-describedby': errorOf(path) ? `${formId}-${path}-error` : undefined,
  });

  return (
    <form
      className="match-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <div className="row g-3 mb-3">
        <div className="col-md-6">{field('name', t('FORM.NAME'), <input {...inputProps('name')} name="name" value={name} onChange={(e) => setName(e.target.value)} />)}</div>
        <div className="col-12 col-sm-6 col-md-3">
          {field(
            'scoring',
            t('FORM.SCORING'),
            <select {...inputProps('scoring')} className="form-select" name="scoring" value={scoring} onChange={(e) => setScoring(e.target.value as MatchScoring)}>
              <option value="ipsc">{t('FORM.SCORING_IPSC')}</option>
              <option value="precision">{t('FORM.SCORING_PRECISION')}</option>
            </select>,
          )}
        </div>
        <div className="col-12 col-sm-6 col-md-3 d-flex align-items-end">
          <div className="form-check form-switch mb-2">
            <input id={`${formId}-published`} name="published" className="form-check-input" type="checkbox" role="switch" checked={published} onChange={(e) => setPublished(e.target.checked)} />
            <label className="form-check-label" htmlFor={`${formId}-published`}>
              {t('FORM.PUBLISHED')}
            </label>
          </div>
        </div>
      </div>

      <fieldset>
        <legend className="h5">{t('FORM.STAGES')}</legend>
        {stages.map((row, i) => (
          <div key={i} className="match-stage-row mb-2" data-testid="stage-row">
            {field(`stages.${i}.number`, t('FORM.NUMBER'), <input {...inputProps(`stages.${i}.number`)} name={`stages.${i}.number`} inputMode="numeric" value={row.number} onChange={(e) => setStage(i, { number: e.target.value })} />)}
            {field(`stages.${i}.name`, t('FORM.STAGE_NAME'), <input {...inputProps(`stages.${i}.name`)} name={`stages.${i}.name`} value={row.name} onChange={(e) => setStage(i, { name: e.target.value })} />)}
            {field(
              `stages.${i}.libraryStageId`,
              t('FORM.LIBRARY'),
              <select {...inputProps(`stages.${i}.libraryStageId`)} className="form-select" name={`stages.${i}.libraryStageId`} value={row.libraryStageId} onChange={(e) => chooseLibrary(i, e.target.value)}>
                <option value="">{t('FORM.NO_LIBRARY')}</option>
                {(library.data ?? []).map((entry) => (
                  <option key={entry.id} value={entry.id}>
                    {libraryText(entry, i18n.language).name}
                  </option>
                ))}
              </select>,
            )}
            {scoring === 'ipsc' ? (
              <>
                {field(`stages.${i}.minRounds`, t('FORM.MIN_ROUNDS'), <input {...inputProps(`stages.${i}.minRounds`)} name={`stages.${i}.minRounds`} inputMode="numeric" value={row.minRounds} onChange={(e) => setStage(i, { minRounds: e.target.value })} />)}
                {field(
                  `stages.${i}.maxPoints`,
                  t('FORM.MAX_POINTS'),
                  <input {...inputProps(`stages.${i}.maxPoints`)} name={`stages.${i}.maxPoints`} inputMode="numeric" placeholder={String(5 * (Number(row.minRounds) || 0))} value={row.maxPoints} onChange={(e) => setStage(i, { maxPoints: e.target.value })} />,
                )}
              </>
            ) : (
              <>
                {field(`stages.${i}.series`, t('FORM.SERIES'), <input {...inputProps(`stages.${i}.series`)} name={`stages.${i}.series`} inputMode="numeric" value={row.series} onChange={(e) => setStage(i, { series: e.target.value })} />)}
                {field(`stages.${i}.shotsPerSeries`, t('FORM.SHOTS_PER_SERIES'), <input {...inputProps(`stages.${i}.shotsPerSeries`)} name={`stages.${i}.shotsPerSeries`} inputMode="numeric" value={row.shotsPerSeries} onChange={(e) => setStage(i, { shotsPerSeries: e.target.value })} />)}
              </>
            )}
            <div className="d-flex gap-2 align-items-end pb-1">
              {row.libraryStageId ? (
                <Link className="btn btn-sm btn-outline-secondary" to={`/stages/${row.libraryStageId}/briefing?event=${eventUuid}`}>
                  {t('FORM.BRIEFING')}
                </Link>
              ) : null}
              <button type="button" className="btn btn-sm btn-outline-danger" aria-label={t('FORM.REMOVE_STAGE', { n: row.number })} onClick={() => setStages((rows) => rows.filter((_, j) => j !== i))}>
                {t('FORM.REMOVE')}
              </button>
            </div>
          </div>
        ))}
        <button
          type="button"
          className="btn btn-outline-primary"
          onClick={() =>
            setStages((rows) => [
              ...rows,
              { number: String(Math.max(0, ...rows.map((r) => Number(r.number) || 0)) + 1), name: '', libraryStageId: '', minRounds: '12', maxPoints: '', series: '6', shotsPerSeries: '10' },
            ])
          }
        >
          {t('FORM.ADD_STAGE')}
        </button>
      </fieldset>

      <fieldset>
        <legend className="h5">{t('FORM.SQUADS')}</legend>
        {squads.map((row, i) => (
          <div key={i} className="match-squad-row mb-2" data-testid="squad-row">
            {field(`squads.${i}.number`, t('FORM.NUMBER'), <input {...inputProps(`squads.${i}.number`)} name={`squads.${i}.number`} inputMode="numeric" value={row.number} onChange={(e) => setSquad(i, { number: e.target.value })} />)}
            {field(`squads.${i}.name`, t('FORM.SQUAD_NAME'), <input {...inputProps(`squads.${i}.name`)} name={`squads.${i}.name`} value={row.name} onChange={(e) => setSquad(i, { name: e.target.value })} />)}
            {field(`squads.${i}.capacity`, t('FORM.CAPACITY'), <input {...inputProps(`squads.${i}.capacity`)} name={`squads.${i}.capacity`} inputMode="numeric" value={row.capacity} onChange={(e) => setSquad(i, { capacity: e.target.value })} />)}
            <div className="pb-1">
              <button type="button" className="btn btn-sm btn-outline-danger" aria-label={t('FORM.REMOVE_SQUAD', { n: row.number })} onClick={() => setSquads((rows) => rows.filter((_, j) => j !== i))}>
                {t('FORM.REMOVE')}
              </button>
            </div>
          </div>
        ))}
        <button
          type="button"
          className="btn btn-outline-primary"
          onClick={() => setSquads((rows) => [...rows, { number: String(Math.max(0, ...rows.map((r) => Number(r.number) || 0)) + 1), name: '', capacity: '10' }])}
        >
          {t('FORM.ADD_SQUAD')}
        </button>
      </fieldset>

      <div className="d-flex flex-wrap align-items-center gap-3">
        <button type="submit" className="btn btn-primary btn-lg">
          {match ? t('FORM.SAVE') : t('FORM.CREATE')}
        </button>
        {saved ? (
          <span role="status" className="text-success fw-semibold">
            {t('FORM.SAVED')}
          </span>
        ) : null}
        {tried && !check.success ? (
          <span role="alert" className="text-danger">
            {t('FORM.FIX_ERRORS')}
          </span>
        ) : null}
      </div>
      {refusal ? <FormAlert className="mt-3">{t(`ERROR.${refusal}`, { defaultValue: t('ERROR.generic') })}</FormAlert> : null}
    </form>
  );
}
