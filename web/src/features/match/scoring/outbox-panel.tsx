import { useTranslation } from 'react-i18next';
import type { Competitor, Score } from '@club/contract/match';
import { formatNumber } from '../../../lib/number-format.ts';
import type { OutboxEntry, ScoreSend } from './score-outbox.ts';

/** One line of a run's values: "A 10 · C 2 · … · 12.34 s" or the series and inner tens. */
export function useRunText() {
  const { t, i18n } = useTranslation('match');
  return (values: ScoreSend | Score): string => {
    if (values.dnf) return t('SCORE.DNF_SHORT');
    if ('time' in values && 'a' in values) {
      return `A ${values.a} · C ${values.c} · D ${values.d} · M ${values.m} · NS ${values.ns} · P ${values.procedurals} · ${formatNumber(values.time, 2, i18n.language)} s`;
    }
    if ('series' in values) return `${values.series.join(' + ')} · X ${values.x}`;
    return '';
  };
}

interface OutboxPanelProps {
  entries: OutboxEntry[];
  competitors: Competitor[];
  stopped: 'offline' | 'unauthorized' | 'busy' | null;
  onSend(): void;
  onChoose(seq: number, choice: 'mine' | 'theirs'): void;
  onDiscard(seq: number): void;
}

/** The device's saved scores not yet on the server: waiting, in conflict (both shown), or refused. */
export function OutboxPanel({ entries, competitors, stopped, onSend, onChoose, onDiscard }: OutboxPanelProps) {
  const { t } = useTranslation('match');
  const runText = useRunText();
  const nameOf = (id: string) => competitors.find((c) => c.id === id)?.fullName ?? id;
  const waiting = entries.filter((e) => e.state === 'waiting');
  const conflicts = entries.filter((e) => e.state === 'conflict');
  const refused = entries.filter((e) => e.state === 'refused');
  const toDecide = conflicts.length + refused.length;
  return (
    <section className="score-outbox" aria-labelledby="score-outbox-title">
      <h2 id="score-outbox-title" className="visually-hidden">
        {t('OUTBOX.TITLE')}
      </h2>
      <div className="score-outbox-bar" role="status" data-testid="outbox-status" data-waiting={waiting.length}>
        {waiting.length > 0 ? (
          <>
            <span className="score-outbox-count">{t('OUTBOX.WAITING', { count: waiting.length })}</span>
            {stopped ? <span className="score-outbox-why">{t(`OUTBOX.STOPPED.${stopped}`)}</span> : null}
            <button type="button" className="btn btn-light score-outbox-send" onClick={onSend}>
              {t('OUTBOX.SEND_NOW')}
            </button>
          </>
        ) : toDecide > 0 ? (
          // A score in conflict or refused is not on the server: never "every score is".
          <span className="score-outbox-count">{t('OUTBOX.TO_DECIDE', { count: toDecide })}</span>
        ) : (
          <span className="score-outbox-count">{t('OUTBOX.ALL_SENT')}</span>
        )}
      </div>
      {conflicts.map((entry) => (
        <article key={entry.seq} className="score-conflict" data-testid="score-conflict" aria-labelledby={`conflict-${entry.seq}`}>
          <h3 id={`conflict-${entry.seq}`} className="score-conflict-title">
            {t('CONFLICT.TITLE', { name: nameOf(entry.competitorId), stage: entry.stage })}
          </h3>
          <p className="mb-2">{t('CONFLICT.TEXT')}</p>
          <dl className="score-conflict-versions">
            <div>
              <dt>{t('CONFLICT.MINE')}</dt>
              <dd data-testid="conflict-mine">{runText(entry.body)}</dd>
            </div>
            {entry.theirs ? (
              <div>
                <dt>{t('CONFLICT.THEIRS', { who: entry.theirs.scoredBy })}</dt>
                <dd data-testid="conflict-theirs">
                  {runText(entry.theirs)}
                </dd>
              </div>
            ) : null}
          </dl>
          <div className="score-conflict-actions">
            <button type="button" className="btn btn-primary btn-lg" onClick={() => entry.seq !== undefined && onChoose(entry.seq, 'mine')}>
              {t('CONFLICT.KEEP_MINE')}
            </button>
            <button type="button" className="btn btn-outline-dark btn-lg" onClick={() => entry.seq !== undefined && onChoose(entry.seq, 'theirs')}>
              {t('CONFLICT.KEEP_THEIRS')}
            </button>
          </div>
        </article>
      ))}
      {refused.map((entry) => (
        <div key={entry.seq} className="alert alert-danger score-refused" role="alert">
          <p className="mb-2">
            {t('OUTBOX.REFUSED', { name: nameOf(entry.competitorId), stage: entry.stage, code: entry.errorCode ?? '' })}
          </p>
          <p className="mb-2 small">{runText(entry.body)}</p>
          <button type="button" className="btn btn-outline-danger" onClick={() => entry.seq !== undefined && onDiscard(entry.seq)}>
            {t('OUTBOX.DISCARD')}
          </button>
        </div>
      ))}
    </section>
  );
}
