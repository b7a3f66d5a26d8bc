// The laser worker: frames arrive as ImageBitmaps, are read back at their (already reduced)
// size on an OffscreenCanvas and analysed off the main thread, so the stage keeps its frame rate.
import { DetectorEngine } from './detector-engine.ts';
import type { FromWorker, ToWorker } from './detector-protocol.ts';

// The app's types are the window's (lib DOM); the worker needs only these two members of its scope.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
  postMessage: (message: FromWorker, transfer: Transferable[]) => void;
};

const VIEW_WIDTH = 160;
const VIEW_EVERY = 3;

const engine = new DetectorEngine({ colour: 'red', sensitivity: 6 });
let canvas: OffscreenCanvas | null = null;
let context: OffscreenCanvasRenderingContext2D | null = null;
let analysed = 0;
const view = new OffscreenCanvas(VIEW_WIDTH, 120);
const viewContext = view.getContext('2d');

const post = (message: FromWorker, transfer: Transferable[] = []) => scope.postMessage(message, transfer);

scope.onmessage = (event) => {
  const message = event.data;
  if (message.type === 'configure') {
    engine.detector.configure(message);
    return;
  }
  const { bitmap } = message;
  const { width, height } = bitmap;
  if (canvas === null || canvas.width !== width || canvas.height !== height) {
    canvas = new OffscreenCanvas(width, height);
    context = canvas.getContext('2d', { willReadFrequently: true });
  }
  if (context === null) {
    bitmap.close();
    post({ type: 'done', analysed });
    return;
  }
  context.drawImage(bitmap, 0, 0);
  const pixels = context.getImageData(0, 0, width, height).data;
  if (message.purpose === 'calibrate') {
    const output = engine.calibrate(pixels, width, height, message.design);
    post({ type: 'calibration', calibration: output.calibration ?? null });
  } else {
    const output = engine.detect(pixels, width, height);
    analysed += 1;
    const shot = output.detection?.shot;
    if (shot) post({ type: 'shot', x: shot.x, y: shot.y, atMs: message.atMs, doneAtMs: performance.now() });
    if (output.moved) post({ type: 'moved' });
    if (analysed % VIEW_EVERY === 0) postView(bitmap, engine.detector.foreground, width, height);
  }
  bitmap.close();
  post({ type: 'done', analysed });
};

/** The live view: the camera picture dimmed, with what stands out as foreground in bright red. */
function postView(bitmap: ImageBitmap, mask: Uint8Array | null, width: number, height: number): void {
  if (viewContext === null) return;
  const viewHeight = Math.round((VIEW_WIDTH * height) / width);
  if (view.height !== viewHeight) view.height = viewHeight;
  viewContext.globalAlpha = 0.55;
  viewContext.drawImage(bitmap, 0, 0, VIEW_WIDTH, viewHeight);
  viewContext.globalAlpha = 1;
  if (mask !== null) {
    viewContext.fillStyle = '#ff2d2d';
    const step = width / VIEW_WIDTH;
    for (let index = 0; index < mask.length; index += 1) {
      if (mask[index] === 0) continue;
      const x = index % width;
      const y = (index - x) / width;
      viewContext.fillRect(Math.floor(x / step) - 1, Math.floor(y / step) - 1, 3, 3);
    }
  }
  const frame = view.transferToImageBitmap();
  post({ type: 'view', bitmap: frame }, [frame]);
}
