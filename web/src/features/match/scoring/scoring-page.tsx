import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { APP_ROUTES, matchPath } from '@club/contract/routes';
import { CLUB_TIMEZONE } from '@club/contract/club-time';
import { isIpscScore, shownSquad, squadNumbers } from '@club/contract/match';
import type { Competitor, MatchStage, Score } from '@club/contract/match';
import { hitFactor, runPoints } from '@club/contract/match-scoring';
import { formatNumber } from '../../../lib/number-format.ts';
import { usePageTitle } from '../../../lib/page-title.tsx';
import { useShown } from '../../../lib/use-shown.ts';
import { useSession } from '../../../lib/session.tsx';
import { loginPathReturningTo } from '../../../lib/return-path.ts';
import { sendScore } from '../api/scores.ts';
import { keepForOffline } from './keep-offline.ts';
import { OutboxPanel, useRunText } from './outbox-panel.tsx';
import { IpscEntry, PrecisionEntry, emptyDraft, parseSeries, parseTime } from './score-entry.tsx';
import type { RunDraft } from './score-entry.tsx';
import {
  discardEntry,
  enqueueScore,
  lastSeenRevision,
  latestScores,
  listOutbox,
  onOutboxChange,
  resolveConflict,
  scoreKey,
  sendOutbox,
} from './score-outbox.ts';
import type { OutboxEntry, RunValues, ScoreSend } from './score-outbox.ts';
import { useScoringData } from './use-scoring-data.ts';
import '../match.css';

const RETRY_MS = 15_000;

/** The draft of a competitor already scored: their newest score as the starting point. */
function draftFrom(stage: MatchStage, score: Score | undefined): RunDraft {
  const draft = emptyDraft(stage);
  if (!score) return draft;
  if (isIpscScore(score)) {
    const { a, c, d, m, ns, procedurals, dnf, time } = score;
    return { ...draft, a, c, d, m, ns, procedurals, dnf, time: dnf && time === 0 ? '' : time.toFixed(2) };
  }
  return { ...draft, dnf: score.dnf, x: score.x, series: draft.series.map((_, i) => (score.series[i] === undefined ? '' : String(score.series[i]))) };
}

/** What the draft sends, or the problems that keep it from being sent. */
function readDraft(
  stage: MatchStage,
  scoring: 'ipsc' | 'precision',
  draft: RunDraft,
): { values: RunValues | null; timeInvalid: boolean; seriesInvalid: Set<number> } {
  if (scoring === 'ipsc') {
    const time = draft.dnf ? (parseTime(draft.time) ?? 0) : parseTime(draft.time);
    const timeInvalid = !draft.dnf && (time === null || time <= 0);
    if (timeInvalid || time === null) return { values: null, timeInvalid: true, seriesInvalid: new Set() };
    const { a, c, d, m, ns, procedurals, dnf } = draft;
    return { values: { a, c, d, m, ns, procedurals, dnf, time }, timeInvalid: false, seriesInvalid: new Set() };
  }
  const shots = stage.shotsPerSeries ?? 1;
  const seriesInvalid = new Set<number>();
  const series: number[] = [];
  draft.series.forEach((text, i) => {
    if (draft.dnf && text.trim() === '') return;
    const value = parseSeries(text, shots);
    if (value === null) seriesInvalid.add(i);
    else series.push(value);
  });
  if (seriesInvalid.size > 0) return { values: null, timeInvalid: false, seriesInvalid };
  return { values: { series, x: draft.x, dnf: draft.dnf }, timeInvalid: false, seriesInvalid };
}

/**
 * The range officer's scoring screen (/match/{uuid}/score): made for a phone in one hand. Stage
 * and squad, then each competitor in squad order: the run, its points and hit factor, the
 * competitor's tap to confirm, and the score kept on the phone until the server has it.
 */
export function ScoringPage() {
  const { uuid = '' } = useParams();
  const { t, i18n } = useTranslation(['match', 'common']);
  const { status, user } = useSession();
  const { data, refreshFromDevice, reload } = useScoringData(uuid, status, user);
  const [params, setParams] = useSearchParams();
  const [outbox, setOutbox] = useState<OutboxEntry[]>([]);
  const [stopped, setStopped] = useState<'offline' | 'unauthorized' | 'busy' | null>(null);
  const [current, setCurrent] = useState<string | null>(null);
  const [draft, setDraft] = useState<RunDraft | null>(null);
  const [step, setStep] = useState<'enter' | 'confirm'>('enter');
  const [tried, setTried] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const entryHeading = useRef<HTMLHeadingElement>(null);
  const runText = useRunText();
  usePageTitle(t('SCORE.TITLE'));

  const snapshot = data.status === 'ready' ? data.snapshot : null;
  const match = snapshot?.match ?? null;
  const stages = match?.stages ?? [];
  const stageNumber = Number(params.get('stage')) || stages[0]?.number || 0;
  const stage = stages.find((s) => s.number === stageNumber) ?? stages[0];
  const squadList = useMemo(() => (match && snapshot ? squadNumbers(match, snapshot.competitors) : []), [match, snapshot]);
  const squad = shownSquad(squadList, params.get('squad'));
  const squadName = (n: number) => match?.squads.find((s) => s.number === n)?.name ?? t('SQUAD', { n });

  const inSquad: Competitor[] = useMemo(
    () => (snapshot?.competitors ?? []).filter((c) => c.squad === squad),
    [snapshot, squad],
  );
  const latest = useMemo(() => latestScores(snapshot?.scores ?? []), [snapshot]);

  const shown = useShown();

  // The outbox of this match, read again on every change (here or in another tab).
  const readOutbox = useCallback(async () => {
    const entries = await listOutbox(uuid).catch(() => []);
    if (shown.current) setOutbox(entries);
  }, [uuid, shown]);
  useEffect(() => {
    void readOutbox();
    return onOutboxChange(() => {
      void readOutbox();
      void refreshFromDevice();
    });
  }, [readOutbox, refreshFromDevice]);

  const flush = useCallback(async () => {
    const report = await sendOutbox(uuid, sendScore).catch(() => ({ sent: 0, stopped: 'busy' as const }));
    if (!shown.current) return;
    setStopped(report.stopped);
    await refreshFromDevice();
    await readOutbox();
  }, [uuid, refreshFromDevice, readOutbox, shown]);

  // Send on opening, whenever the network returns, and every little while while scores wait.
  const waitingCount = outbox.filter((e) => e.state === 'waiting').length;
  const ready = data.status === 'ready';
  const openedOffline = data.status === 'ready' && data.offline;
  useEffect(() => {
    if (!ready) return;
    void flush();
    const online = () => {
      void flush();
      if (openedOffline) reload();
    };
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [ready, openedOffline, flush, reload]);
  useEffect(() => {
    if (waitingCount === 0) return;
    const timer = window.setInterval(() => void flush(), RETRY_MS);
    return () => window.clearInterval(timer);
  }, [waitingCount, flush]);

  // Once drawn with its match, the screen is kept for opening with no network.
  const [offlineReady, setOfflineReady] = useState(false);
  useEffect(() => {
    if (data.status !== 'ready') return;
    return keepForOffline(() => setOfflineReady(true));
  }, [data.status]);

  const pending = useMemo(() => {
    const byKey = new Map<string, OutboxEntry>();
    for (const entry of outbox) byKey.set(scoreKey(entry.stage, entry.competitorId), entry);
    return byKey;
  }, [outbox]);

  const choose = (competitor: Competitor) => {
    if (!stage) return;
    const pendingEntry = pending.get(scoreKey(stage.number, competitor.id));
    setCurrent(competitor.id);
    setDraft(
      pendingEntry
        ? draftFrom(stage, { ...pendingEntry.body, stage: stage.number, competitorId: competitor.id, revision: 0, scoredBy: '', scoredAt: '' } as Score)
        : draftFrom(stage, latest.get(scoreKey(stage.number, competitor.id))),
    );
    setStep('enter');
    setTried(false);
    setNotice(null);
    requestAnimationFrame(() => entryHeading.current?.focus());
  };
  const closeEntry = () => {
    setCurrent(null);
    setDraft(null);
    setStep('enter');
  };

  const setParam = (name: string, value: string) => {
    const next = new URLSearchParams(params);
    next.set(name, value);
    setParams(next, { replace: true });
    closeEntry();
  };

  if (data.status === 'loading' || status === 'restoring') {
    // The screen's frame while its match loads (also drawn at build time, DRAWN_FRAMES): the
    // title, the two pickers at their size and the page's height, so nothing moves on arrival.
    // For a member with a stored session the page's starter puts the server's drawing of the
    // whole screen in its place before the app arrives (decision 0068).
    return (
      <div className="score-page" aria-busy="true">
        <header className="score-head">
          <div className="score-head-row">
            <h1 className="score-title">{t('SCORE.TITLE')}</h1>
          </div>
          <div className="score-pickers">
            <label className="score-picker">
              <span>{t('SCORE.STAGE')}</span>
              <select className="form-select form-select-lg" name="stage" disabled />
            </label>
            <label className="score-picker">
              <span>{t('SCORE.SQUAD')}</span>
              <select className="form-select form-select-lg" name="squad" disabled />
            </label>
          </div>
        </header>
        <div className="score-loading" role="status">
          <div className="spinner-border" aria-hidden="true" />
          <span className="visually-hidden">{t('common:loading')}</span>
        </div>
      </div>
    );
  }
  if (data.status === 'error') {
    return (
      <div className="score-page container py-4">
        <h1 className="h3">{t('SCORE.TITLE')}</h1>
        <div className="alert alert-warning" role="alert">
          {t(`SCORE.ERROR.${data.reason}`)}
        </div>
        {data.reason === 'signIn' ? (
          <Link className="btn btn-primary btn-lg" to={loginPathReturningTo(matchPath(uuid, 'score'))}>
            {t('SCORE.SIGN_IN')}
          </Link>
        ) : (
          <Link className="btn btn-outline-primary" to={APP_ROUTES.matchDay}>
            {t('HUB.TITLE')}
          </Link>
        )}
      </div>
    );
  }

  const scoring = match?.scoring ?? 'ipsc';
  const competitor = current ? inSquad.find((c) => c.id === current) ?? snapshot?.competitors.find((c) => c.id === current) : undefined;
  const reading = stage && draft ? readDraft(stage, scoring, draft) : null;
  const values = reading?.values ?? null;
  const livePoints =
    scoring === 'ipsc' && draft && competitor
      ? runPoints(draft, competitor.factor)
      : draft
        ? draft.series.reduce((sum, text) => sum + (Number(text) || 0), 0)
        : 0;
  const liveTime = draft ? parseTime(draft.time) : null;
  const liveHf = scoring === 'ipsc' && draft && !draft.dnf && liveTime ? hitFactor(livePoints, liveTime) : null;

  const review = () => {
    setTried(true);
    if (!values) return;
    setStep('confirm');
    requestAnimationFrame(() => entryHeading.current?.focus());
  };

  const confirm = async () => {
    if (!values || !stage || !competitor || !snapshot) return;
    const body = {
      ...values,
      clientId: crypto.randomUUID(),
      basedOn: lastSeenRevision(snapshot.scores, stage.number, competitor.id),
    } as ScoreSend;
    await enqueueScore({ eventUuid: uuid, stage: stage.number, competitorId: competitor.id, body, savedAt: new Date().toISOString() });
    setNotice(t('SCORE.SAVED', { name: competitor.fullName }));
    // On to the next competitor of the squad not yet scored on this stage.
    const index = inSquad.findIndex((c) => c.id === competitor.id);
    const next = [...inSquad.slice(index + 1), ...inSquad.slice(0, index)].find(
      (c) => !c.dq && !latest.has(scoreKey(stage.number, c.id)) && !pending.has(scoreKey(stage.number, c.id)),
    );
    closeEntry();
    if (next) {
      setCurrent(next.id);
      setDraft(emptyDraft(stage));
      setTried(false);
    }
    await readOutbox();
    void flush();
  };

  const statusOf = (c: Competitor): { key: string; label: string } => {
    if (!stage) return { key: 'none', label: '' };
    if (c.dq) return { key: 'dq', label: t('STATUS.DQ') };
    const entry = pending.get(scoreKey(stage.number, c.id));
    if (entry?.state === 'conflict') return { key: 'conflict', label: t('STATUS.CONFLICT') };
    if (entry) return { key: 'waiting', label: t('STATUS.WAITING') };
    if (latest.has(scoreKey(stage.number, c.id))) return { key: 'sent', label: t('STATUS.SENT') };
    return { key: 'none', label: t('STATUS.NOT_SCORED') };
  };

  return (
    <div className="score-page">
      <header className="score-head">
        <div className="score-head-row">
          <h1 className="score-title">{match?.name}</h1>
          {data.offline ? <span className="badge text-bg-warning score-offline">{t('SCORE.OFFLINE')}</span> : null}
        </div>
        <div className="score-pickers">
          <label className="score-picker">
            <span>{t('SCORE.STAGE')}</span>
            <select className="form-select form-select-lg" name="stage" value={stage?.number ?? ''} onChange={(e) => setParam('stage', e.target.value)}>
              {stages.map((s) => (
                <option key={s.number} value={s.number}>
                  {s.number}. {s.name}
                </option>
              ))}
            </select>
          </label>
          <label className="score-picker">
            <span>{t('SCORE.SQUAD')}</span>
            <select className="form-select form-select-lg" name="squad" value={squad ?? 'none'} onChange={(e) => setParam('squad', e.target.value)}>
              {squadList.map((n) => (
                <option key={n} value={n}>
                  {squadName(n)}
                </option>
              ))}
              <option value="none">{t('SCORE.NO_SQUAD')}</option>
            </select>
          </label>
        </div>
      </header>

      {notice ? (
        <p className="score-notice" role="status">
          {notice}
        </p>
      ) : null}

      {competitor && draft && stage ? (
        <section className="score-card" aria-labelledby="score-competitor" data-testid="score-card">
          <h2 id="score-competitor" className="score-competitor" ref={entryHeading} tabIndex={-1}>
            {competitor.fullName}
            <small>
              {t(`common:ENUMS.DIVISION.${competitor.division}`)} · {t(`common:ENUMS.FACTOR.${competitor.factor}`)}
            </small>
          </h2>
          {step === 'enter' ? (
            <>
              {scoring === 'ipsc' ? (
                <IpscEntry draft={draft} onChange={setDraft} timeInvalid={tried && (reading?.timeInvalid ?? false)} />
              ) : (
                <PrecisionEntry stage={stage} draft={draft} onChange={setDraft} invalid={tried ? (reading?.seriesInvalid ?? new Set()) : new Set()} />
              )}
              <div className="score-live" aria-live="polite" data-testid="score-live">
                <span>
                  {t('SCORE.POINTS')} <strong data-testid="live-points">{livePoints}</strong>
                </span>
                {scoring === 'ipsc' ? (
                  <span>
                    {t('SCORE.HIT_FACTOR')} <strong data-testid="live-hf">{formatNumber(liveHf, 4, i18n.language)}</strong>
                  </span>
                ) : null}
              </div>
              <div className="score-actions">
                <button type="button" className="btn btn-outline-dark btn-lg" onClick={closeEntry}>
                  {t('SCORE.CANCEL')}
                </button>
                <button type="button" className="btn btn-primary btn-lg score-main" onClick={review}>
                  {t('SCORE.REVIEW')}
                </button>
              </div>
            </>
          ) : (
            <div className="score-confirm">
              <p className="score-confirm-run" data-testid="confirm-run">
                {values ? runText({ ...values, clientId: '', basedOn: null } as ScoreSend) : ''}
              </p>
              <p className="score-confirm-total">
                {t('SCORE.POINTS')} <strong>{livePoints}</strong>
                {liveHf !== null ? (
                  <>
                    {' · '}
                    {t('SCORE.HIT_FACTOR')} <strong>{formatNumber(liveHf, 4, i18n.language)}</strong>
                  </>
                ) : null}
              </p>
              <p>{t('SCORE.HAND_OVER')}</p>
              <button type="button" className="btn btn-success btn-lg score-main w-100" onClick={() => void confirm()}>
                {t('SCORE.CONFIRM', { name: competitor.fullName })}
              </button>
              <button type="button" className="btn btn-outline-dark btn-lg w-100 mt-3" onClick={() => setStep('enter')}>
                {t('SCORE.BACK_TO_EDIT')}
              </button>
            </div>
          )}
        </section>
      ) : null}

      <section className="score-squad" aria-labelledby="score-squad-title">
        <h2 id="score-squad-title" className="score-section-title">
          {squad === null ? t('SCORE.NO_SQUAD') : squadName(squad)} · {t('SCORE.STAGE_N', { n: stage?.number ?? '' })}
        </h2>
        {inSquad.length === 0 ? <p className="text-body-secondary">{t('SCORE.EMPTY_SQUAD')}</p> : null}
        <ol className="score-list">
          {inSquad.map((c) => {
            const state = statusOf(c);
            const score = stage ? latest.get(scoreKey(stage.number, c.id)) : undefined;
            return (
              <li key={c.id}>
                <button
                  type="button"
                  className={`score-row score-row-${state.key}${current === c.id ? ' is-current' : ''}`}
                  disabled={c.dq}
                  aria-current={current === c.id || undefined}
                  data-competitor={c.fullName}
                  onClick={() => choose(c)}
                >
                  <span className="score-row-name">{c.fullName}</span>
                  <span className="score-row-state" data-state={state.key}>
                    {state.label}
                    {score && state.key === 'sent' ? ` · ${runText(score)}` : ''}
                  </span>
                </button>
              </li>
            );
          })}
        </ol>
      </section>

      <OutboxPanel
        entries={outbox}
        competitors={snapshot?.competitors ?? []}
        stopped={stopped}
        onSend={() => void flush()}
        onChoose={(seq, choice) => void resolveConflict(seq, choice).then(flush)}
        onDiscard={(seq) => void discardEntry(seq)}
      />

      <nav className="score-links" aria-label={t('SCORE.LINKS')}>
        <Link to={matchPath(uuid, 'results')}>{t('SCORE.LIVE_RESULTS')}</Link>
        <Link to={matchPath(uuid)}>{t('SCORE.MATCH_PAGE')}</Link>
        {offlineReady ? (
          <span className="small fw-semibold" data-testid="offline-ready">
            {t('SCORE.OFFLINE_READY')}
          </span>
        ) : null}
        <span className="text-body-secondary small" lang={i18n.language}>
          {/* In the club's time, as the server draws it too (decision 0068): the match is at the club. */}
          {t('SCORE.KEPT_AT', { time: snapshot ? new Date(snapshot.savedAt).toLocaleTimeString(i18n.language, { timeStyle: 'short', timeZone: CLUB_TIMEZONE }) : '' })}
        </span>
      </nav>
    </div>
  );
}
