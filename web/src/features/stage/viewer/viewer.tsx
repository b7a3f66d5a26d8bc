import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { PointerEvent as ReactPointerEvent } from 'react';
import { APP_ROUTES } from '@club/contract/routes';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EngineState } from '@club/contract/stage';
import { ToastType } from '@club/contract/enums';
import type { PowerFactor } from '@club/contract/scoring';
import type { LaserColour } from '@club/laser/detector';
import { canvasToStage } from '@club/stage-engine/coordinates';
import type { Stage } from '@club/stage-engine/model';
import { showToast } from '../../../lib/toasts.ts';
import { useTargetShapes } from '../../../lib/target-dimensions.ts';
import { CalibrationDialog } from '../components/calibration-dialog.tsx';
import { DrillDialog } from '../components/drill-dialog.tsx';
import { KeepSessionDialog } from '../components/keep-session-dialog.tsx';
import { PracticeNotice } from '../components/practice-notice.tsx';
import { useKeepSession } from '../hooks/use-keep-session.ts';
import { readCalibration, readDrillSettings, writeCalibration, writeDrillSettings } from '../stage-storage.ts';
import type { DrillSettings, StoredCalibration } from '../stage-storage.ts';
import { CalibrationMarks } from '../laser/calibration-marks.tsx';
import { CameraPanel } from '../laser/camera-panel.tsx';
import { HitOverlay } from '../laser/hit-overlay.tsx';
import { formatHitFactor, ScoringPanel } from '../laser/scoring-panel.tsx';
import type { ShootMode } from '../laser/scoring-panel.tsx';
import { scoreString } from '../laser/shot-pipeline.ts';
import { useLaserCamera } from '../laser/use-laser-camera.ts';
import { useShotSession } from '../laser/use-shot-session.ts';
import { useDrawnOverStage } from './use-drawn-over-stage.ts';
import { useDrillPlayer } from './use-drill-player.ts';
import { ViewerBar } from './viewer-bar.tsx';

/** The read-only stage viewer (SPEC §2) with the drill player, shot scoring and the laser camera. */
export function Viewer({ stage }: { stage: Stage }) {
  const { t } = useTranslation('dry-training');
  const screenRef = useRef<HTMLDivElement>(null);
  const workspaceRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLElement>(null);
  const [drillSettings, setDrillSettings] = useState<DrillSettings>(readDrillSettings);
  const [calibration, setCalibration] = useState<StoredCalibration>(readCalibration);
  const [dialog, setDialog] = useState<'drill' | 'calibration' | null>(null);
  const [fullscreen, setFullscreen] = useState(false);
  const keep = useKeepSession();
  const [scoring, setScoring] = useState(false);
  const [shootMode, setShootMode] = useState<ShootMode>('click');
  const [powerFactor, setPowerFactor] = useState<PowerFactor>('minor');
  const session = useShotSession(stage);
  const sessionRef = useRef(session);
  sessionRef.current = session;
  // The club's target sizes: drawn, scored, and the calibration's millimetres.
  const { dimensions: targetSizes, shapes } = useTargetShapes();
  const player = useDrillPlayer({ stage, calibration, shapes, session, drillEnded: keep.drillEnded });
  const { atRest, fireAt, viewport } = player;

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === screenRef.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  /** A string of free shooting from now, against the stage as it stands. */
  const newFreeString = useCallback(() => {
    sessionRef.current.startString(null, performance.now(), atRest() ? stage.elements.map((element) => element.id) : []);
  }, [atRest, stage]);
  const [laserColour, setLaserColour] = useState<LaserColour>('red');
  const [sensitivity, setSensitivity] = useState(6);
  const camera = useLaserCamera({
    colour: laserColour,
    sensitivity,
    design: {
      designWidth: stage.designWidth,
      designHeight: stage.designHeight,
      cardHeightMm: targetSizes.cardHeight,
    },
    onShot: fireAt,
  });
  const toggleScoring = () => {
    if (!scoring && session.current === null) newFreeString();
    if (scoring) camera.stop();
    setScoring(!scoring);
  };
  // The panel opens in view: beside the stage on a wide screen, below it (scrolled to) on a narrow one.
  useEffect(() => {
    if (scoring) panelRef.current?.scrollIntoView({ block: 'nearest' });
  }, [scoring]);
  // While the marks are read the whole stage is in view, not half under the site's header.
  useEffect(() => {
    if (camera.status === 'calibrating' && document.fullscreenElement === null)
      screenRef.current?.scrollIntoView({ block: 'start' });
  }, [camera.status]);
  useDrawnOverStage(camera, viewport, workspaceRef, player.canvasRef);
  const changeShootMode = (mode: ShootMode) => {
    if (mode !== 'laser') camera.stop();
    setShootMode(mode);
  };
  const stop = () => {
    player.stop();
    if (scoring) newFreeString();
  };
  const startDrill = (settings: DrillSettings) => {
    setDialog(null);
    setDrillSettings(settings);
    writeDrillSettings(settings);
    keep.drillStarted(settings);
    player.startDrill(settings);
  };
  const toggleFullscreen = async () => {
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      else await screenRef.current?.requestFullscreen();
    } catch {
      showToast({ title: t('FULLSCREEN'), message: t('FULLSCREEN_ERROR'), type: ToastType.warning });
    }
  };

  const { drillStatus } = player;
  const statusText = (() => {
    if (drillStatus === null) return null;
    if (drillStatus.kind === 'done') return t('STATUS.DONE');
    return t(`STATUS.${drillStatus.kind.toUpperCase()}`, { repetition: drillStatus.repetition, of: drillStatus.of });
  })();
  const title = stage.name || t('UNTITLED');
  const current = session.current;
  const score = useMemo(
    // No score before the first shot: every target would read as missed (−60 for three cards).
    () => (current === null || current.shots.length === 0 ? null : scoreString(stage, current.shots, current.seenIds, powerFactor)),
    [stage, current, powerFactor],
  );
  const repetitionScores = useMemo(
    () =>
      session.strings.flatMap((item) =>
        item.repetition === null
          ? []
          : [{ repetition: item.repetition, score: scoreString(stage, item.shots, item.seenIds, powerFactor) }],
      ),
    [stage, session.strings, powerFactor],
  );
  const shootByClick = (event: ReactPointerEvent<HTMLButtonElement>) => {
    const atMs = performance.now();
    const renderer = player.rendererRef.current;
    if (renderer === null) return;
    const rect = event.currentTarget.getBoundingClientRect();
    fireAt(canvasToStage(renderer.getViewport(), { x: event.clientX - rect.left, y: event.clientY - rect.top }), atMs);
  };

  return (
    <div
      ref={screenRef}
      className={`stage-screen dry-training${fullscreen ? ' is-fullscreen' : ''}${scoring ? ' has-panel' : ''}`}
    >
      <ViewerBar
        title={title}
        elementCount={stage.elements.length}
        runState={player.runState}
        scoring={scoring}
        calibrated={calibration.enabled}
        fullscreen={fullscreen}
        onPlay={player.play}
        onPause={player.pause}
        onStop={stop}
        onOpenDrill={() => setDialog('drill')}
        onToggleScoring={toggleScoring}
        onOpenCalibration={() => setDialog('calibration')}
        onToggleFullscreen={() => void toggleFullscreen()}
      />
      <div className={`viewer-body${scoring ? ' has-panel' : ''}`}>
      <div className="viewer-workspace" ref={workspaceRef}>
        <div
          ref={player.canvasRef}
          className="stage-canvas stage-canvas--range"
          data-testid="viewer-canvas"
          data-engine-state={EngineState.stopped}
          data-run-state={player.runState}
          role="img"
          aria-label={t('CANVAS', { name: title, count: stage.elements.length })}
        />
        {scoring && viewport !== null && camera.status !== 'calibrating' ? (
          <HitOverlay
            viewport={viewport}
            shots={current?.shots ?? []}
            summary={
              score === null || (current?.shots.length ?? 0) === 0
                ? null
                : t('SCORING.OVERLAY', { points: score.points, hitFactor: formatHitFactor(score.hitFactor) })
            }
          />
        ) : null}
        {scoring && shootMode === 'click' ? (
          <button type="button" className="shot-catcher" aria-label={t('SCORING.CLICK_TARGET')} onPointerDown={shootByClick} />
        ) : null}
        {camera.status === 'calibrating' && viewport !== null ? <CalibrationMarks viewport={viewport} /> : null}
        {statusText !== null ? (
          <div className={`drill-status drill-status--${drillStatus?.kind ?? ''}`} role="status" aria-live="assertive">
            {statusText}
          </div>
        ) : null}
        <PracticeNotice />
        {calibration.enabled ? (
          <div className="real-size-badge">
            {t('CALIBRATION.BADGE', { distance: calibration.simulatedDistanceMetres })}
          </div>
        ) : null}
        {stage.elements.length === 0 ? (
          <div className="viewer-empty">
            <p>{t('EMPTY')}</p>
            <div className="d-flex flex-wrap gap-2 justify-content-center">
              <Link className="btn btn-primary" to={APP_ROUTES.library}>
                {t('OPEN_LIBRARY')}
              </Link>
              <Link className="btn btn-outline-primary" to="/stage-designer">
                {t('OPEN_DESIGNER')}
              </Link>
            </div>
          </div>
        ) : null}
      </div>
      {scoring ? (
        <ScoringPanel
          ref={panelRef}
          mode={shootMode}
          onModeChange={changeShootMode}
          powerFactor={powerFactor}
          onPowerFactorChange={setPowerFactor}
          current={current}
          score={score}
          history={repetitionScores}
          onNewString={newFreeString}
        >
          {shootMode === 'laser' ? (
            <CameraPanel
              camera={camera}
              colour={laserColour}
              onColourChange={setLaserColour}
              sensitivity={sensitivity}
              onSensitivityChange={setSensitivity}
            />
          ) : null}
        </ScoringPanel>
      ) : null}
      </div>
      <KeepSessionDialog drill={keep.finished} stage={stage} onHide={keep.dismiss} />
      <DrillDialog show={dialog === 'drill'} settings={drillSettings} onHide={() => setDialog(null)} onStart={startDrill} />
      <CalibrationDialog
        show={dialog === 'calibration'}
        calibration={calibration}
        onHide={() => setDialog(null)}
        onApply={(next) => {
          setCalibration(next);
          writeCalibration(next);
          setDialog(null);
        }}
      />
    </div>
  );
}
