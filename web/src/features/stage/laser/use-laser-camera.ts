// The laser camera of the drill player: opens the camera (nothing is recorded or sent: frames go
// only to a worker of this page), calibrates on the marks the player shows, then turns each dot
// the worker reports into a stage point with its capture instant.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { StagePoint } from '@club/stage-engine/coordinates';
import { applyHomography } from '@club/laser/homography';
import type { LaserColour } from '@club/laser/detector';
import type { FromWorker, StageBox, ToWorker, WorkerPhase } from '@club/laser/detector-protocol';
import type { Calibration, CalibrationProblem } from '@club/laser/markers';

/** Where the camera is: off, opening, looking for the marks, scoring, moved, or unusable. */
export type CameraStatus = 'off' | 'starting' | 'calibrating' | 'ready' | 'moved' | 'error';
/** Why the camera could not be used. */
export type CameraError = 'denied' | 'absent' | 'unsupported' | 'failed';

/** How long the marks are searched for before the member is told why they are not read. */
const CALIBRATION_TIMEOUT_MS = 4_000;

export interface LaserCamera {
  readonly status: CameraStatus;
  readonly error: CameraError | null;
  readonly calibration: Calibration | null;
  /** Whether the marks were searched for too long without being found. */
  readonly calibrationSlow: boolean;
  /** Why the last pictures of the marks gave no calibration. */
  readonly problem: CalibrationProblem | null;
  /** How many marks the last picture showed. */
  readonly marksFound: number;
  /** The last refused calibration (too imprecise), for its figures. */
  readonly rejected: Calibration | null;
  /** Tells the camera what the app draws over the stage now, so it never scores it. */
  drawn: (boxes: readonly StageBox[]) => void;
  readonly analysedFps: number | null;
  readonly videoRef: React.RefObject<HTMLVideoElement | null>;
  readonly viewRef: React.RefObject<HTMLCanvasElement | null>;
  start: () => void;
  stop: () => void;
  recalibrate: () => void;
}

interface VideoFrameMetadataLike {
  readonly captureTime?: number;
  readonly expectedDisplayTime?: number;
}
/** Chromium's reader of a camera track's frames (not yet in TypeScript's DOM types). */
type TrackProcessorConstructor = new (init: { track: MediaStreamTrack; maxBufferSize?: number }) => {
  readable: ReadableStream<VideoFrame>;
};

type FrameCallbackVideo = HTMLVideoElement & {
  requestVideoFrameCallback?: (callback: (now: number, metadata: VideoFrameMetadataLike) => void) => number;
  cancelVideoFrameCallback?: (handle: number) => void;
};

function errorOf(error: unknown): CameraError {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError')
    return 'absent';
  return 'failed';
}

/** The camera, its worker and the calibration; shots go to onShot as stage points. */
export function useLaserCamera(options: {
  colour: LaserColour;
  sensitivity: number;
  design: { designWidth: number; designHeight: number; cardHeightMm?: number };
  onShot: (point: StagePoint, atMs: number) => void;
}): LaserCamera {
  const [status, setStatus] = useState<CameraStatus>('off');
  const [error, setError] = useState<CameraError | null>(null);
  const [calibration, setCalibration] = useState<Calibration | null>(null);
  const [calibrationSlow, setCalibrationSlow] = useState(false);
  const [problem, setProblem] = useState<CalibrationProblem | null>(null);
  const [rejected, setRejected] = useState<Calibration | null>(null);
  const [marksFound, setMarksFound] = useState(0);
  const [analysedFps, setAnalysedFps] = useState<number | null>(null);
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const viewRef = useRef<HTMLCanvasElement | null>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const workerRef = useRef<Worker | null>(null);
  const statusRef = useRef<CameraStatus>('off');
  const calibrationRef = useRef<Calibration | null>(null);
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const loopRef = useRef<() => void>(() => undefined);

  const setPhase = useCallback((next: CameraStatus) => {
    statusRef.current = next;
    setStatus(next);
    const phase: WorkerPhase =
      next === 'calibrating' ? 'calibrate' : next === 'ready' || next === 'moved' ? 'detect' : 'idle';
    const { designWidth, designHeight, cardHeightMm } = optionsRef.current.design;
    const message: ToWorker = { type: 'phase', phase, design: { designWidth, designHeight, cardHeightMm } };
    workerRef.current?.postMessage(message);
  }, []);

  const stop = useCallback(() => {
    loopRef.current();
    loopRef.current = () => undefined;
    for (const track of streamRef.current?.getTracks() ?? []) track.stop();
    streamRef.current = null;
    workerRef.current?.terminate();
    workerRef.current = null;
    if (videoRef.current) videoRef.current.srcObject = null;
    calibrationRef.current = null;
    setCalibration(null);
    setAnalysedFps(null);
    setPhase('off');
  }, [setPhase]);

  const recalibrate = useCallback(() => {
    if (streamRef.current === null) return;
    calibrationRef.current = null;
    setCalibration(null);
    setCalibrationSlow(false);
    setProblem(null);
    setRejected(null);
    setPhase('calibrating');
  }, [setPhase]);

  const drawn = useCallback((boxes: readonly StageBox[]) => {
    const message: ToWorker = { type: 'drawn', boxes, atEpochMs: performance.timeOrigin + performance.now() };
    workerRef.current?.postMessage(message);
  }, []);

  const listen = useCallback(
    (worker: Worker) => {
      let analysed = 0;
      let rateFrom = performance.now();
      let calibratingSince: number | null = null;
      worker.onmessage = (event: MessageEvent<FromWorker>) => {
        const message = event.data;
        switch (message.type) {
          case 'done': {
            analysed += 1;
            const now = performance.now();
            if (now - rateFrom >= 1000) {
              setAnalysedFps(Math.round((analysed * 1000) / (now - rateFrom)));
              analysed = 0;
              rateFrom = now;
            }
            break;
          }
          case 'calibration':
            if (statusRef.current !== 'calibrating') break;
            if (message.calibration === null) {
              calibratingSince ??= performance.now();
              setProblem(message.problem);
              setMarksFound(message.marksFound);
              if (message.rejected !== null) setRejected(message.rejected);
              if (performance.now() - calibratingSince > CALIBRATION_TIMEOUT_MS) setCalibrationSlow(true);
              break;
            }
            calibratingSince = null;
            calibrationRef.current = message.calibration;
            setCalibration(message.calibration);
            setCalibrationSlow(false);
            setProblem(null);
            setRejected(null);
            setPhase('ready');
            break;
          case 'shot': {
            const current = calibrationRef.current;
            if (current === null || statusRef.current !== 'ready') break;
            // Dots are found on smaller frames than the marks were: back to calibration pixels.
            const scale = current.cameraWidth / message.width;
            const point = applyHomography(current.cameraToStage, {
              x: message.x * scale,
              y: message.y * scale,
            });
            if (point !== null) {
              optionsRef.current.onShot(
                { positionX: point.x, positionY: point.y },
                message.atEpochMs - performance.timeOrigin,
              );
            }
            break;
          }
          case 'moved':
            if (statusRef.current === 'ready') setPhase('moved');
            break;
          case 'view': {
            const canvas = viewRef.current;
            const context = canvas?.getContext('2d');
            if (canvas && context) {
              canvas.width = message.bitmap.width;
              canvas.height = message.bitmap.height;
              context.drawImage(message.bitmap, 0, 0);
            }
            message.bitmap.close();
            break;
          }
        }
      };
    },
    [setPhase],
  );

  /** Browsers that cannot hand the track to a worker: the page sends each new video frame. */
  const sendFrames = useCallback((video: FrameCallbackVideo, worker: Worker) => {
    let busy = false;
    let stopped = false;
    let handle = 0;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const previous = worker.onmessage;
    worker.onmessage = (event: MessageEvent<FromWorker>) => {
      if (event.data.type === 'done') busy = false;
      previous?.call(worker, event);
    };
    const send = (now: number, metadata: VideoFrameMetadataLike) => {
      if (stopped) return;
      schedule();
      if (busy || video.videoWidth === 0 || statusRef.current === 'off') return;
      // The camera's own capture instant when it gives one in this clock, else the callback's.
      const captured = metadata.captureTime;
      const atMs = captured !== undefined && captured <= now && now - captured < 1000 ? captured : now;
      busy = true;
      createImageBitmap(video)
        .then((bitmap) => {
          if (stopped) {
            bitmap.close();
            return;
          }
          const message: ToWorker = { type: 'frame', bitmap, atEpochMs: performance.timeOrigin + atMs };
          worker.postMessage(message, [bitmap]);
        })
        .catch(() => {
          busy = false;
        });
    };
    const schedule = () => {
      if (typeof video.requestVideoFrameCallback === 'function') {
        handle = video.requestVideoFrameCallback(send);
      } else {
        // Without frame callbacks: poll at the camera's usual 30 frames a second.
        timer = setTimeout(() => send(performance.now(), {}), 33);
      }
    };
    schedule();
    return () => {
      stopped = true;
      video.cancelVideoFrameCallback?.(handle);
      if (timer !== null) clearTimeout(timer);
    };
  }, []);

  const start = useCallback(() => {
    if (statusRef.current !== 'off' && statusRef.current !== 'error') return;
    setError(null);
    setProblem(null);
    setRejected(null);
    if (!navigator.mediaDevices?.getUserMedia || typeof Worker === 'undefined') {
      setError('unsupported');
      setPhase('error');
      return;
    }
    setPhase('starting');
    navigator.mediaDevices
      .getUserMedia({
        audio: false,
        video: { width: { ideal: 640 }, height: { ideal: 480 }, facingMode: { ideal: 'environment' } },
      })
      .then(async (stream) => {
        const video = videoRef.current;
        if (statusRef.current !== 'starting' || video === null) {
          for (const track of stream.getTracks()) track.stop();
          return;
        }
        streamRef.current = stream;
        video.srcObject = stream;
        await video.play();
        const worker = new Worker(new URL('./detector.worker.ts', import.meta.url), { type: 'module' });
        workerRef.current = worker;
        const configure: ToWorker = {
          type: 'configure',
          colour: optionsRef.current.colour,
          sensitivity: optionsRef.current.sensitivity,
        };
        worker.postMessage(configure);
        listen(worker);
        const Processor = (window as unknown as { MediaStreamTrackProcessor?: TrackProcessorConstructor })
          .MediaStreamTrackProcessor;
        const [track] = stream.getVideoTracks();
        if (Processor !== undefined && track !== undefined) {
          // The worker reads the track itself: every frame, with its capture time, whatever the page does.
          // A second of frames may wait while the worker catches up after a stall or while the
          // marks are read at full size; each keeps its capture time, so waiting costs latency,
          // never accuracy, and a shot timer would rather be late than miss a shot.
          const { readable } = new Processor({ track, maxBufferSize: 30 });
          const message: ToWorker = { type: 'stream', readable };
          worker.postMessage(message, [readable]);
        } else {
          loopRef.current = sendFrames(video as FrameCallbackVideo, worker);
        }
        setCalibrationSlow(false);
        setPhase('calibrating');
      })
      .catch((reason: unknown) => {
        for (const track of streamRef.current?.getTracks() ?? []) track.stop();
        streamRef.current = null;
        setError(errorOf(reason));
        setPhase('error');
      });
  }, [listen, sendFrames, setPhase]);

  const { colour, sensitivity } = options;
  useEffect(() => {
    const message: ToWorker = { type: 'configure', colour, sensitivity };
    workerRef.current?.postMessage(message);
  }, [colour, sensitivity]);

  // The camera goes off with the player.
  useEffect(() => stop, [stop]);

  return {
    status,
    error,
    calibration,
    calibrationSlow,
    problem,
    marksFound,
    rejected,
    drawn,
    analysedFps,
    videoRef,
    viewRef,
    start,
    stop,
    recalibrate,
  };
}
