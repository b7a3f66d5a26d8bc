import { useEffect, useState } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Factor, ToastType } from '@club/contract/enums';
import { scoreTrainingRep } from '@club/contract/library';
import type { Stage } from '@club/stage-engine/model';
import { useSession } from '../../../lib/session.tsx';
import { showToast } from '../../../lib/toasts.ts';
import { ApiCallError } from '../../../lib/http.ts';
import { useKeepSessionMutation } from '../api/keep-session.ts';
import type { FinishedDrill } from '../hooks/use-keep-session.ts';

/** After a drill: mark reps passed or failed (or see their scores) and keep it in the training log. */
export function KeepSessionDialog({
  drill,
  stage,
  onHide,
}: {
  drill: FinishedDrill | null;
  stage: Stage;
  onHide: () => void;
}) {
  const { t } = useTranslation('library');
  const { user } = useSession();
  const keep = useKeepSessionMutation();
  const [passed, setPassed] = useState<(boolean | null)[]>([]);
  useEffect(() => setPassed(drill ? drill.reps.map((rep) => rep.passed ?? null) : []), [drill]);
  const powerFactor = user?.factor === Factor.major ? 'major' : 'minor';

  const onKeep = async () => {
    if (!drill) return;
    try {
      await keep.mutateAsync({
        ...(drill.stageId ? { stageId: drill.stageId } : {}),
        ...(drill.libraryStageId ? { libraryStageId: drill.libraryStageId } : {}),
        ...(stage.name ? { stageName: stage.name.slice(0, 100) } : {}),
        startedAt: drill.startedAt,
        ...(drill.parMs !== null ? { parMs: drill.parMs } : {}),
        powerFactor,
        reps: drill.reps.map((rep, index) => ({
          shots: [...rep.shots],
          ...(rep.targetIds === undefined ? {} : { targetIds: [...rep.targetIds] }),
          ...(rep.popperIds === undefined ? {} : { popperIds: [...rep.popperIds] }),
          ...(passed[index] == null ? {} : { passed: passed[index] }),
        })),
      });
      showToast({ title: t('KEEP.TITLE'), message: t('KEEP.KEPT'), type: ToastType.success });
      onHide();
    } catch (error) {
      const code = error instanceof ApiCallError ? error.errorCode : undefined;
      const message =
        code === 'TRAINING_LOG_FULL'
          ? t('KEEP.FULL')
          : code === 'EMAIL_NOT_VERIFIED'
            ? t('KEEP.NOT_VERIFIED')
            : code === 'TOO_MANY_REQUESTS'
              ? t('KEEP.TOO_MANY')
              : t('KEEP.ERROR');
      showToast({ title: t('KEEP.TITLE'), message, type: ToastType.error });
    }
  };

  return (
    // Only a signed-in member has a log to keep it in; a visitor's drill just ends.
    <Modal
      show={drill !== null && user !== null}
      onHide={onHide}
      centered
      aria-labelledby="keep-session-title"
    >
      <Modal.Header closeButton closeLabel={t('KEEP.DISCARD')}>
        <Modal.Title id="keep-session-title" as="h2" className="h5">
          {t('KEEP.TITLE')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <>
          <p>{t('KEEP.INTRO')}</p>
          <ol className="list-unstyled keep-reps mb-0">
            {drill?.reps.map((rep, index) => (
              <li key={index} className="d-flex flex-wrap align-items-center gap-2 mb-2">
                <span className="me-auto">
                  {t('KEEP.REP', { n: index + 1 })}
                  {rep.shots.length > 0 ? (
                    <span className="small text-body-secondary">
                      {' · '}
                      {t('KEEP.SHOTS', {
                        count: rep.shots.length,
                        hf: scoreTrainingRep(rep, powerFactor).hitFactor.toFixed(2),
                      })}
                    </span>
                  ) : null}
                </span>
                <div
                  className="btn-group btn-group-sm"
                  role="group"
                  aria-label={t('KEEP.REP', { n: index + 1 })}
                >
                  {([true, false] as const).map((value) => (
                    <button
                      key={String(value)}
                      type="button"
                      className={`btn ${passed[index] === value ? (value ? 'btn-success' : 'btn-danger') : 'btn-outline-secondary'}`}
                      aria-pressed={passed[index] === value}
                      onClick={() =>
                        setPassed((all) =>
                          all.map((p, i) => (i === index ? (p === value ? null : value) : p)),
                        )
                      }
                    >
                      {value ? t('KEEP.PASSED') : t('KEEP.FAILED')}
                    </button>
                  ))}
                </div>
              </li>
            ))}
          </ol>
        </>
      </Modal.Body>
      <Modal.Footer>
        <>
          <Link className="btn btn-link me-auto" to="/training">
            {t('KEEP.OPEN_LOG')}
          </Link>
          <Button variant="outline-secondary" onClick={onHide}>
            {t('KEEP.DISCARD')}
          </Button>
          <Button variant="primary" disabled={keep.isPending} onClick={() => void onKeep()}>
            {t('KEEP.KEEP')}
          </Button>
        </>
      </Modal.Footer>
    </Modal>
  );
}
