import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { PointerEvent as ReactPointerEvent } from 'react';
import { APP_ROUTES } from '@club/contract/routes';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EngineState } from '@club/contract/stage';
import { ToastType } from '@club/contract/enums';
import type { PowerFactor } from '@club/contract/scoring';
import { canvasToStage, createViewport } from '@club/stage-engine/coordinates';
import type { StagePoint, Viewport } from '@club/stage-engine/coordinates';
import type { Stage } from '@club/stage-engine/model';
import { StageRenderer } from '@club/stage-engine/renderer';
import type { DrillCue } from '@club/stage-engine/scheduler';
import { usePageTitle } from '../../lib/page-title.tsx';
import { showToast } from '../../lib/toasts.ts';
import { TEST_HOOKS } from '../../lib/test-hooks.ts';
import { useTargetShapes } from '../../lib/target-dimensions.ts';
import { beepPar, beepStart, unlockAudio } from './beep.ts';
import { CalibrationDialog } from './components/calibration-dialog.tsx';
import { DrillDialog } from './components/drill-dialog.tsx';
import { StageIcon } from './components/stage-icons.tsx';
import { KeepSessionDialog } from './components/keep-session-dialog.tsx';
import { PracticeNotice } from './components/practice-notice.tsx';
import { keptReps, useKeepSession } from './hooks/use-keep-session.ts';
import {
  readCalibration,
  readDrillSettings,
  writeCalibration,
  writeDrillSettings,
} from './stage-storage.ts';
import type { DrillSettings, StoredCalibration } from './stage-storage.ts';
import { StageLoading, useRouteStage } from './hooks/use-route-stage.tsx';
import { CalibrationMarks } from './laser/calibration-marks.tsx';
import { CameraPanel } from './laser/camera-panel.tsx';
import type { LaserColour } from '@club/laser/detector';
import { HitOverlay } from './laser/hit-overlay.tsx';
import { formatHitFactor, ScoringPanel } from './laser/scoring-panel.tsx';
import type { ShootMode } from './laser/scoring-panel.tsx';
import { scoreString, SnapshotHistory } from './laser/shot-pipeline.ts';
import { useLaserCamera } from './laser/use-laser-camera.ts';
import { useShotSession } from './laser/use-shot-session.ts';
import './stage.css';

/** Our own drawing of an indoor range backstop, behind the targets. */
export const VIEWER_BACKGROUND = '/images/stage/indoor-range.svg';

type RunState = 'stopped' | 'running' | 'paused';

/** What the big status line over the canvas says during a drill. */
type DrillStatus =
  | { kind: 'standby'; repetition: number; of: number }
  | { kind: 'go'; repetition: number; of: number }
  | { kind: 'par'; repetition: number; of: number }
  | { kind: 'rest'; repetition: number; of: number }
  | { kind: 'done' };

/** The read-only stage viewer (SPEC §2) with the drill player: the route's stage, the stored one, or empty. */
export function DryTrainingPage() {
  const { id } = useParams();
  const { t } = useTranslation('dry-training');
  usePageTitle(t('TITLE'));
  const stage = useRouteStage(id, 'dry-training');
  if (stage === null) return <StageLoading label={t('LOADING')} />;
  return <Viewer key={id ?? 'local'} stage={stage} />;
}

function Viewer({ stage }: { stage: Stage }) {
  const { t } = useTranslation('dry-training');
  const screenRef = useRef<HTMLDivElement>(null);
  const workspaceRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLElement>(null);
  const canvasRef = useRef<HTMLDivElement>(null);
  const rendererRef = useRef<StageRenderer | null>(null);
  const [runState, setRunState] = useState<RunState>('stopped');
  const [drillStatus, setDrillStatus] = useState<DrillStatus | null>(null);
  const [drillSettings, setDrillSettings] = useState<DrillSettings>(readDrillSettings);
  const [calibration, setCalibration] = useState<StoredCalibration>(readCalibration);
  const [dialog, setDialog] = useState<'drill' | 'calibration' | null>(null);
  const [fullscreen, setFullscreen] = useState(false);
  const repetitionsRef = useRef(drillSettings.repetitions);
  const keep = useKeepSession();
  const { drillEnded } = keep;
  const [scoring, setScoring] = useState(false);
  const [shootMode, setShootMode] = useState<ShootMode>('click');
  const [powerFactor, setPowerFactor] = useState<PowerFactor>('minor');
  const [viewport, setViewport] = useState<Viewport | null>(null);
  const session = useShotSession(stage);
  const sessionRef = useRef(session);
  sessionRef.current = session;
  const stageRef = useRef(stage);
  stageRef.current = stage;
  const historyRef = useRef(new SnapshotHistory());

  const onCue = useCallback((cue: DrillCue) => {
    const of = repetitionsRef.current;
    const repetition = cue.repetition + 1;
    switch (cue.kind) {
      case 'repetition-begin':
        setDrillStatus({ kind: 'standby', repetition, of });
        break;
      case 'start-signal':
        beepStart();
        // Shots are timed from the moment the beep sounds, as a shot timer does.
        sessionRef.current.startString(repetition, performance.now(), []);
        setDrillStatus({ kind: 'go', repetition, of });
        break;
      case 'par':
        beepPar();
        setDrillStatus({ kind: 'par', repetition, of });
        break;
      case 'repetition-end':
        sessionRef.current.endString();
        setDrillStatus({ kind: 'rest', repetition, of });
        break;
      case 'drill-end':
        setDrillStatus({ kind: 'done' });
        // The drill is over: the stage returns to its designed places and play starts afresh.
        // Deferred so the renderer finishes the frame that announced the end first.
        queueMicrotask(() => {
          historyRef.current.clear();
          rendererRef.current?.stopAll();
          if (TEST_HOOKS && canvasRef.current) canvasRef.current.dataset.engineState = String(EngineState.stopped);
        });
        setRunState('stopped');
        drillEnded(keptReps(sessionRef.current.strings, stageRef.current));
        break;
    }
  }, [drillEnded]);

  // The club's target sizes: drawn, scored, and the calibration's millimetres.
  const { dimensions: targetSizes, shapes } = useTargetShapes();

  useEffect(() => {
    const container = canvasRef.current;
    if (container === null) return;
    let frames = 0;
    const renderer = new StageRenderer(container, {
      mode: 'view',
      backgroundImageUrl: VIEWER_BACKGROUND,
      onCue,
      onFrame: (frame) => {
        // Kept so a shot seen a few frames late is scored against the stage as it was then.
        historyRef.current.push({ atMs: performance.now(), placed: frame.elements });
        sessionRef.current.markSeen(frame.elements.filter((item) => item.visible).map((item) => item.id));
        if (!TEST_HOOKS) return;
        // State for tests and benches (test builds only), written straight to the DOM: no React
        // render per frame. Every tenth frame is enough for the counter.
        frames += 1;
        const state = String(frame.state);
        if (container.dataset.engineState !== state) container.dataset.engineState = state;
        if (frames % 10 === 0) container.dataset.frames = String(frames);
      },
    });
    renderer.setStage(stage);
    rendererRef.current = renderer;
    return () => {
      renderer.destroy();
      rendererRef.current = null;
    };
  }, [stage, onCue]);

  // The targets are drawn and scored at the club's sizes (measured by staff, or the approximate
  // defaults until the answer comes).
  useEffect(() => {
    rendererRef.current?.setTargetShapes(shapes);
  }, [shapes, stage, onCue]);

  useEffect(() => {
    const renderer = rendererRef.current;
    if (renderer === null) return;
    const { enabled, ...realSize } = calibration;
    renderer.setRealSize(enabled ? realSize : null);
  }, [calibration, stage]);

  useEffect(() => {
    const container = canvasRef.current;
    if (container === null) return;
    const measure = () =>
      setViewport(createViewport(container.clientWidth, container.clientHeight, stage.designWidth, stage.designHeight));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(container);
    return () => observer.disconnect();
  }, [stage]);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === screenRef.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const syncState = () => {
    const state = rendererRef.current?.state ?? EngineState.stopped;
    if (TEST_HOOKS && canvasRef.current) canvasRef.current.dataset.engineState = String(state);
  };

  const play = () => {
    unlockAudio();
    rendererRef.current?.start();
    setRunState('running');
    syncState();
  };
  const pause = () => {
    rendererRef.current?.pause();
    setRunState('paused');
    syncState();
  };
  /** A string of free shooting from now, against the stage as it stands. */
  const newFreeString = useCallback(() => {
    const atRest = rendererRef.current?.state === EngineState.stopped || rendererRef.current === null;
    sessionRef.current.startString(null, performance.now(), atRest ? stage.elements.map((element) => element.id) : []);
  }, [stage]);
  /** Every shot, from a click or from the camera, enters here with its stage point and instant. */
  const fireAt = useCallback((point: StagePoint, atMs: number) => {
    const renderer = rendererRef.current;
    // Scored against the shapes and sizes the renderer draws: the club's measured targets.
    sessionRef.current.fire(point, atMs, historyRef.current.at(atMs), renderer?.placedSize(), renderer?.targetShapes());
  }, []);
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
  const cameraDrawn = camera.drawn;
  const cameraOn = camera.status === 'ready' || camera.status === 'moved';
  // Everything the page draws over the stage (hit markers, the score, status lines) is told to
  // the camera each time it changes, so the camera learns it and never scores it.
  useLayoutEffect(() => {
    if (!cameraOn || viewport === null) return;
    const workspace = workspaceRef.current;
    const canvas = canvasRef.current;
    if (workspace === null || canvas === null) return;
    const origin = canvas.getBoundingClientRect();
    const boxes = [...workspace.querySelectorAll('.hit-overlay .hit, .hit-summary, .drill-status, .practice-notice')].map(
      (element) => {
        const rect = element.getBoundingClientRect();
        const topLeft = canvasToStage(viewport, { x: rect.left - origin.left, y: rect.top - origin.top });
        const bottomRight = canvasToStage(viewport, { x: rect.right - origin.left, y: rect.bottom - origin.top });
        return {
          left: topLeft.positionX,
          top: topLeft.positionY,
          right: bottomRight.positionX,
          bottom: bottomRight.positionY,
        };
      },
    );
    cameraDrawn(boxes);
  });
  const changeShootMode = (mode: ShootMode) => {
    if (mode !== 'laser') camera.stop();
    setShootMode(mode);
  };
  const stop = () => {
    rendererRef.current?.stopAll();
    historyRef.current.clear();
    setRunState('stopped');
    setDrillStatus(null);
    syncState();
    if (scoring) newFreeString();
  };
  const startDrill = (settings: DrillSettings) => {
    setDialog(null);
    setDrillSettings(settings);
    writeDrillSettings(settings);
    repetitionsRef.current = settings.repetitions;
    keep.drillStarted(settings);
    historyRef.current.clear();
    session.clear();
    unlockAudio();
    rendererRef.current?.startDrill({
      repetitions: settings.repetitions,
      repetitionMs: settings.repetitionSeconds * 1000,
      parTimeMs: settings.parTimeEnabled ? settings.parTimeSeconds * 1000 : null,
      startDelayMinMs: settings.delayMinSeconds * 1000,
      startDelayMaxMs: settings.delayMaxSeconds * 1000,
      restMs: settings.restSeconds * 1000,
    });
    setRunState('running');
    syncState();
  };
  const toggleFullscreen = async () => {
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      else await screenRef.current?.requestFullscreen();
    } catch {
      showToast({ title: t('FULLSCREEN'), message: t('FULLSCREEN_ERROR'), type: ToastType.warning });
    }
  };

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
    const renderer = rendererRef.current;
    if (renderer === null) return;
    const rect = event.currentTarget.getBoundingClientRect();
    fireAt(canvasToStage(renderer.getViewport(), { x: event.clientX - rect.left, y: event.clientY - rect.top }), atMs);
  };

  return (
    <div
      ref={screenRef}
      className={`stage-screen dry-training${fullscreen ? ' is-fullscreen' : ''}${scoring ? ' has-panel' : ''}`}
    >
      <div className="viewer-bar">
        <div className="viewer-title">
          <h1 className="h6 mb-0">{t('TITLE')}</h1>
          <span className="viewer-stage-name" title={title}>
            {title} · {t('ELEMENTS', { count: stage.elements.length })}
          </span>
        </div>
        <div className="viewer-actions">
          {runState === 'running' ? (
            <button type="button" className="btn btn-bar" aria-label={t('PAUSE')} title={t('PAUSE')} onClick={pause}>
              <StageIcon name="pause" />
            </button>
          ) : (
            <button
              type="button"
              className="btn btn-bar"
              aria-label={runState === 'paused' ? t('RESUME') : t('PLAY')}
              title={runState === 'paused' ? t('RESUME') : t('PLAY')}
              disabled={stage.elements.length === 0}
              onClick={play}
            >
              <StageIcon name="play" />
            </button>
          )}
          <button
            type="button"
            className="btn btn-bar"
            aria-label={t('STOP')}
            title={t('STOP')}
            disabled={runState === 'stopped'}
            onClick={stop}
          >
            <StageIcon name="stop" />
          </button>
          <button
            type="button"
            className="btn btn-drill"
            disabled={stage.elements.length === 0}
            onClick={() => setDialog('drill')}
          >
            <StageIcon name="timer" size={18} />
            <span>{t('DRILL.OPEN')}</span>
          </button>
          <button
            type="button"
            className={`btn btn-bar${scoring ? ' is-on' : ''}`}
            aria-label={t('SCORING.OPEN')}
            aria-pressed={scoring}
            title={t('SCORING.OPEN')}
            onClick={toggleScoring}
          >
            <StageIcon name="target" />
          </button>
          <button
            type="button"
            className={`btn btn-bar${calibration.enabled ? ' is-on' : ''}`}
            aria-label={t('CALIBRATION.OPEN')}
            aria-pressed={calibration.enabled}
            title={t('CALIBRATION.OPEN')}
            onClick={() => setDialog('calibration')}
          >
            <StageIcon name="ruler" />
          </button>
          <button
            type="button"
            className="btn btn-bar"
            aria-label={fullscreen ? t('EXIT_FULLSCREEN') : t('FULLSCREEN')}
            aria-pressed={fullscreen}
            title={fullscreen ? t('EXIT_FULLSCREEN') : t('FULLSCREEN')}
            onClick={() => void toggleFullscreen()}
          >
            <StageIcon name={fullscreen ? 'shrink' : 'expand'} />
          </button>
          <Link className="btn btn-bar" to="/stage-designer" aria-label={t('OPEN_DESIGNER')} title={t('OPEN_DESIGNER')}>
            <StageIcon name="edit" />
          </Link>
        </div>
      </div>
      <div className={`viewer-body${scoring ? ' has-panel' : ''}`}>
      <div className="viewer-workspace" ref={workspaceRef}>
        <div
          ref={canvasRef}
          className="stage-canvas"
          data-testid="viewer-canvas"
          data-engine-state={EngineState.stopped}
          data-run-state={runState}
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
