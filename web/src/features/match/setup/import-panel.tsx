import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DIVISIONS } from '@club/contract/enums';
import type { Division } from '@club/contract/enums';
import { MATCH_LIMITS } from '@club/contract/match';
import { FormAlert } from '../../../lib/forms/form-alert.tsx';
import { ApiCallError } from '../../../lib/http.ts';
import { fetchCompetitors } from '../api/competitors.ts';
import { fetchScores } from '../api/scores.ts';
import { useImportResults } from '../api/import.ts';

type FileProblem = 'required' | 'tooBig' | 'notExport' | 'unreadable';
type Phase = 'idle' | 'reading' | 'sending' | 'importing' | 'done';

interface Mapping {
  key: number;
  name: string;
  division: Division | '';
}

/** What the server refused, as the panel says it: a line of the file, a division, or else. */
type Refusal =
  | { kind: 'line'; line: number; detail: string }
  | { kind: 'division'; name: string; detail: string }
  | { kind: 'file' | 'mapping' | 'network' | 'other'; detail?: string };

const MB = 1024 * 1024;
const megabytes = (bytes: number) => Math.round((bytes / MB) * 10) / 10;
/** A PractiScore results export's first line: `$PRACTISCORE 1.682 RESULTS`. */
const EXPORT_FIRST_LINE = /^\uFEFF?\$PRACTISCORE\b[^\r\n]*\bRESULTS\s*(\r?\n|$)/;
const NAME_FORBIDDEN = /[,:]/;

/** The server's BAD_IMPORT message read for what the panel can do about it. */
export function readRefusal(error: unknown): Refusal {
  if (!(error instanceof ApiCallError)) return { kind: 'other' };
  if (error.errorCode === 'NETWORK_ERROR') return { kind: 'network' };
  if (error.errorCode === 'VALIDATION_ERROR' && error.fields?.divisions) return { kind: 'mapping', detail: error.message };
  if (error.errorCode !== 'BAD_IMPORT') return { kind: 'other' };
  const division = /division "([^"]+)" is not one the club uses/.exec(error.message);
  if (division) return { kind: 'division', name: division[1]!, detail: error.message };
  const line = /^Line (\d+):/.exec(error.message);
  if (line) return { kind: 'line', line: Number(line[1]), detail: error.message };
  return { kind: 'file', detail: error.message };
}

/**
 * Staff's import of a PractiScore results export into the event's match: the file, the divisions
 * the club does not use mapped to its own, the progress (reading, sending, importing), and what
 * the server said: the match's new size, or why nothing changed (the line, the division).
 */
export function ImportPanel({ eventUuid, onImported }: { eventUuid: string; onImported?: () => void }) {
  const { t } = useTranslation(['match-import', 'common']);
  const id = useId();
  const importResults = useImportResults(eventUuid);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<FileProblem | null>(null);
  const [mappings, setMappings] = useState<Mapping[]>([]);
  const nextKey = useRef(1);
  const [tried, setTried] = useState(false);
  const [phase, setPhase] = useState<Phase>('idle');
  const [sent, setSent] = useState(0);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [summary, setSummary] = useState<{ stages: number; competitors: number; scores: number } | null>(null);
  const busy = phase === 'reading' || phase === 'sending' || phase === 'importing';

  const addMapping = (name = '') => {
    setMappings((rows) => [...rows, { key: nextKey.current++, name, division: '' }]);
  };
  const mappingProblems = mappings.map((m) => ({
    name: m.name.trim() === '' ? 'NAME_REQUIRED' : NAME_FORBIDDEN.test(m.name) ? 'NAME_BAD' : null,
    division: m.division === '' ? 'CLUB_REQUIRED' : null,
  }));
  const mappingsValid = mappingProblems.every((p) => p.name === null && p.division === null);

  /** The file's text when it looks like an export, else the problem with it. */
  const readFile = async (chosen: File | null): Promise<{ text: string } | { problem: FileProblem }> => {
    if (!chosen) return { problem: 'required' };
    if (chosen.size > MATCH_LIMITS.importBytes) return { problem: 'tooBig' };
    let text: string;
    try {
      text = await chosen.text();
    } catch {
      return { problem: 'unreadable' };
    }
    return EXPORT_FIRST_LINE.test(text) ? { text } : { problem: 'notExport' };
  };

  const submit = async () => {
    setTried(true);
    setRefusal(null);
    setSummary(null);
    setPhase('reading');
    const read = await readFile(file);
    setProblem('problem' in read ? read.problem : null);
    if ('problem' in read || !mappingsValid) {
      setPhase('idle');
      return;
    }
    setSent(0);
    setPhase('sending');
    try {
      const match = await importResults.mutateAsync({
        text: read.text,
        divisions: mappings.map((m) => ({ name: m.name.trim(), division: m.division as Division })),
        onSent: (fraction) => {
          setSent(fraction);
          if (fraction >= 1) setPhase('importing');
        },
      });
      setPhase('importing');
      const [competitors, scores] = await Promise.all([
        fetchCompetitors(eventUuid).catch(() => null),
        fetchScores(eventUuid).catch(() => null),
      ]);
      setSummary(
        competitors && scores
          ? { stages: match.stages.length, competitors: competitors.length, scores: new Set(scores.map((s) => `${s.stage}:${s.competitorId}`)).size }
          : null,
      );
      setPhase('done');
      onImported?.();
    } catch (error) {
      const read = readRefusal(error);
      setRefusal(read);
      if (read.kind === 'division' && !mappings.some((m) => m.name.trim().toLowerCase() === read.name.toLowerCase())) {
        addMapping(read.name);
        // The row the refusal just added is a question, not yet a fault: said after the next try.
        setTried(false);
      }
      setPhase('idle');
    }
  };

  const fileError = tried && problem !== null;
  const fileErrorText =
    problem === 'tooBig'
      ? t('FILE_TOO_BIG', { mb: megabytes(file?.size ?? 0), max: megabytes(MATCH_LIMITS.importBytes) })
      : problem === 'notExport'
        ? t('FILE_NOT_EXPORT')
        : problem === 'unreadable'
          ? t('FILE_UNREADABLE')
          : t('FILE_REQUIRED');
  const percent = Math.round(sent * 100);

  return (
    <section className="card mb-4 match-import" aria-labelledby={`${id}-title`} data-testid="import-panel">
      <div className="card-body">
        <h2 id={`${id}-title`} className="h5">
          {t('TITLE')}
        </h2>
        <p>{t('INTRO')}</p>
        <p className="small">{t('ALL_OR_NOTHING')}</p>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (!busy) void submit();
          }}
        >
          <div className="mb-3">
            <label className="form-label fw-semibold" htmlFor={`${id}-file`}>
              {t('FILE')}
            </label>
            <input
              id={`${id}-file`}
              name="file"
              type="file"
              accept=".txt,text/plain"
              className={`form-control${fileError ? ' is-invalid' : ''}`}
              aria-invalid={fileError || undefined}
              aria-describedby={`${id}-file-hint${fileError ? ` ${id}-file-error` : ''}`}
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                setProblem(null);
                setRefusal(null);
                setSummary(null);
                setPhase('idle');
              }}
            />
            <div id={`${id}-file-hint`} className="form-text">
              {t('FILE_HINT', { mb: megabytes(MATCH_LIMITS.importBytes) })}
            </div>
            {fileError ? (
              <div id={`${id}-file-error`} className="invalid-feedback d-block">
                {fileErrorText}
              </div>
            ) : null}
          </div>

          <fieldset className="mb-3">
            <legend className="h6 mb-1">{t('DIVISIONS')}</legend>
            <p className="form-text mt-0">{t('DIVISIONS_HINT')}</p>
            {mappings.map((m, i) => {
              const n = i + 1;
              const nameError = tried ? mappingProblems[i]!.name : null;
              const divisionError = tried ? mappingProblems[i]!.division : null;
              return (
                <div key={m.key} className="match-import-mapping" data-mapping={n}>
                  <div>
                    <label className="form-label small" htmlFor={`${id}-name-${m.key}`}>
                      {t('DIVISION_NAME')}
                    </label>
                    <input
                      id={`${id}-name-${m.key}`}
                      name="divisionName"
                      className={`form-control${nameError ? ' is-invalid' : ''}`}
                      maxLength={60}
                      value={m.name}
                      aria-label={t('DIVISION_NAME_OF', { n })}
                      aria-invalid={nameError ? true : undefined}
                      aria-describedby={nameError ? `${id}-name-${m.key}-error` : undefined}
                      onChange={(e) => setMappings((rows) => rows.map((r) => (r.key === m.key ? { ...r, name: e.target.value } : r)))}
                    />
                    {nameError ? (
                      <div id={`${id}-name-${m.key}-error`} className="invalid-feedback d-block">
                        {t(nameError)}
                      </div>
                    ) : null}
                  </div>
                  <div>
                    <label className="form-label small" htmlFor={`${id}-division-${m.key}`}>
                      {t('DIVISION_CLUB')}
                    </label>
                    <select
                      id={`${id}-division-${m.key}`}
                      name="division"
                      className={`form-select${divisionError ? ' is-invalid' : ''}`}
                      value={m.division}
                      aria-label={t('DIVISION_CLUB_OF', { n })}
                      aria-invalid={divisionError ? true : undefined}
                      aria-describedby={divisionError ? `${id}-division-${m.key}-error` : undefined}
                      onChange={(e) =>
                        setMappings((rows) =>
                          rows.map((r) => (r.key === m.key ? { ...r, division: e.target.value === '' ? '' : (Number(e.target.value) as Division) } : r)),
                        )
                      }
                    >
                      <option value="">{t('CHOOSE')}</option>
                      {DIVISIONS.map((d) => (
                        <option key={d} value={d}>
                          {t(`common:ENUMS.DIVISION.${d}`)}
                        </option>
                      ))}
                    </select>
                    {divisionError ? (
                      <div id={`${id}-division-${m.key}-error`} className="invalid-feedback d-block">
                        {t(divisionError)}
                      </div>
                    ) : null}
                  </div>
                  <button
                    type="button"
                    className="btn btn-outline-danger match-import-remove"
                    aria-label={t('REMOVE_MAPPING', { n })}
                    onClick={() => setMappings((rows) => rows.filter((r) => r.key !== m.key))}
                  >
                    ×
                  </button>
                </div>
              );
            })}
            <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => addMapping()}>
              {t('ADD_MAPPING')}
            </button>
          </fieldset>

          <div className="d-flex flex-wrap align-items-center gap-3">
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {t('SUBMIT')}
            </button>
            <div className="match-import-progress flex-grow-1" role="status" data-testid="import-progress" data-phase={phase}>
              {busy ? (
                <>
                  <span>{phase === 'reading' ? t('READING') : phase === 'sending' ? t('SENDING', { percent }) : t('IMPORTING')}</span>
                  <progress
                    className="match-import-bar"
                    aria-label={t('PROGRESS')}
                    max={100}
                    value={phase === 'sending' ? percent : phase === 'importing' ? undefined : 0}
                  />
                </>
              ) : phase === 'done' ? (
                <strong>{summary ? t('DONE', summary) : t('DONE_SHORT')}</strong>
              ) : null}
            </div>
          </div>
          {refusal ? (
            <FormAlert className="mt-3" testId="import-refusal">
              <p className="mb-1 fw-semibold">
                {refusal.kind === 'line'
                  ? t('REFUSED_LINE', { line: refusal.line })
                  : refusal.kind === 'division'
                    ? t('REFUSED_DIVISION', { name: refusal.name })
                    : refusal.kind === 'file'
                      ? t('REFUSED_FILE')
                      : refusal.kind === 'mapping'
                        ? t('REFUSED_MAPPING')
                        : refusal.kind === 'network'
                          ? t('REFUSED_NETWORK')
                          : t('REFUSED_OTHER')}
              </p>
              {refusal.detail ? (
                <p className="mb-0 small">
                  {t('DETAIL')} <q lang="en">{refusal.detail}</q>
                </p>
              ) : null}
            </FormAlert>
          ) : null}
        </form>
      </div>
    </section>
  );
}
