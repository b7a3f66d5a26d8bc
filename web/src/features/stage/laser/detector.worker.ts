// The laser worker: reads camera frames (from the track itself where the browser allows, else as
// ImageBitmaps from the page), reduces them on an OffscreenCanvas and analyses them off the main
// thread, so the stage keeps its frame rate and no frame waits for the page to paint.
import { DetectorEngine } from '@club/laser/detector-engine';
import type { Design, FromWorker, ToWorker, WorkerPhase } from '@club/laser/detector-protocol';

// The app's types are the window's (lib DOM); the worker needs only these two members of its scope.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
  postMessage: (message: FromWorker, transfer: Transferable[]) => void;
};

/** Calibration reads the marks at most this wide: full size for a 640 × 480 camera. */
const CALIBRATION_WIDTH = 640;
/**
 * Dots are looked for at most this wide: a laser dot still covers several pixels, its centre is
 * found between pixels, and a phone keeps up with the camera's frame rate.
 */
const DETECTION_WIDTH = 320;
/** Frames skipped after the marks appear, so the camera shows them and not the stage. */
const MARKS_SETTLE_FRAMES = 4;
const VIEW_WIDTH = 160;
const VIEW_EVERY = 6;

const engine = new DetectorEngine({ colour: 'red', sensitivity: 6 });
let phase: WorkerPhase = 'idle';
let design: Design = { designWidth: 1280, designHeight: 720 };
let calibrateFrames = 0;
let analysed = 0;
let canvas: OffscreenCanvas | null = null;
let context: OffscreenCanvasRenderingContext2D | null = null;
const view = new OffscreenCanvas(VIEW_WIDTH, 120);
const viewContext = view.getContext('2d');

const post = (message: FromWorker, transfer: Transferable[] = []) => scope.postMessage(message, transfer);

scope.onmessage = (event) => {
  const message = event.data;
  switch (message.type) {
    case 'configure':
      engine.detector.configure(message);
      break;
    case 'phase':
      if (message.phase === 'calibrate' && phase !== 'calibrate') calibrateFrames = 0;
      phase = message.phase;
      design = message.design;
      break;
    case 'stream':
      void readStream(message.readable);
      break;
    case 'drawn':
      engine.drawn(message.boxes, message.atEpochMs);
      break;
    case 'frame':
      analyse(message.bitmap, message.bitmap.width, message.bitmap.height, message.atEpochMs);
      message.bitmap.close();
      post({ type: 'done', analysed });
      break;
  }
};

/** Reads the camera track's frames as they come; the track's small buffer drops frames we cannot keep up with. */
async function readStream(readable: ReadableStream<VideoFrame>): Promise<void> {
  const reader = readable.getReader();
  // Frame timestamps count in the capture clock; the smallest gap to arrival maps them to the
  // epoch clock both sides share (each side's performance.now() has its own origin). The gap is
  // learnt while the marks are read and then held: were it still learning while shots come, a
  // frame that arrives quicker than any before would move every later shot against the earlier
  // ones, and splits would be off by the change (a busy machine delivers the first frames late).
  let offset = Infinity;
  for (;;) {
    const { value: frame, done } = await reader.read();
    if (done || frame === undefined) return;
    const stampMs = frame.timestamp / 1000;
    if (phase !== 'detect' || offset === Infinity) offset = Math.min(offset, epochNow() - stampMs);
    try {
      analyse(frame, frame.displayWidth, frame.displayHeight, stampMs + offset);
    } finally {
      frame.close();
    }
    post({ type: 'done', analysed });
  }
}

const epochNow = () => performance.timeOrigin + performance.now();

function analyse(
  source: CanvasImageSource,
  sourceWidth: number,
  sourceHeight: number,
  atEpochMs: number,
): void {
  if (phase === 'idle' || sourceWidth === 0) return;
  if (phase === 'calibrate') {
    calibrateFrames += 1;
    if (calibrateFrames <= MARKS_SETTLE_FRAMES) return;
  }
  const scale = Math.min(1, (phase === 'calibrate' ? CALIBRATION_WIDTH : DETECTION_WIDTH) / sourceWidth);
  const width = Math.round(sourceWidth * scale);
  const height = Math.round(sourceHeight * scale);
  if (canvas === null || canvas.width !== width || canvas.height !== height) {
    canvas = new OffscreenCanvas(width, height);
    context = canvas.getContext('2d', { willReadFrequently: true });
  }
  if (context === null) return;
  context.drawImage(source, 0, 0, width, height);
  const pixels = context.getImageData(0, 0, width, height).data;
  if (phase === 'calibrate') {
    const output = engine.calibrate(pixels, width, height, design);
    if (output.calibration) phase = 'detect';
    post({
      type: 'calibration',
      calibration: output.calibration ?? null,
      problem: output.problem ?? null,
      rejected: output.rejected ?? null,
      marksFound: output.marksFound ?? 0,
    });
    return;
  }
  const output = engine.detect(pixels, width, height, atEpochMs);
  analysed += 1;
  const shot = output.detection?.shot;
  if (shot) post({ type: 'shot', x: shot.x, y: shot.y, width, atEpochMs, doneAtEpochMs: epochNow() });
  if (output.moved) post({ type: 'moved' });
  if (analysed % VIEW_EVERY === 0 && canvas !== null)
    postView(canvas, engine.detector.foreground, width, height);
}

/** The live view: the camera picture dimmed, with what stands out as foreground in bright red. */
function postView(source: OffscreenCanvas, mask: Uint8Array | null, width: number, height: number): void {
  if (viewContext === null) return;
  const viewHeight = Math.round((VIEW_WIDTH * height) / width);
  if (view.height !== viewHeight) view.height = viewHeight;
  viewContext.globalAlpha = 0.55;
  viewContext.drawImage(source, 0, 0, VIEW_WIDTH, viewHeight);
  viewContext.globalAlpha = 1;
  if (mask !== null) {
    viewContext.fillStyle = '#ff2d2d';
    const step = width / VIEW_WIDTH;
    for (let index = 0; index < mask.length; index += 1) {
      if (mask[index] !== 1) continue;
      const x = index % width;
      const y = (index - x) / width;
      viewContext.fillRect(Math.floor(x / step) - 1, Math.floor(y / step) - 1, 3, 3);
    }
  }
  const frame = view.transferToImageBitmap();
  post({ type: 'view', bitmap: frame }, [frame]);
}
