// Cost of a library thumbnail (issue 14): the engine's scene and its SVG markup for a stage of
// 40 elements of every kind. Prints figures only; the target is at most 30 ms.
// Run: npx tsx bench/stage-thumbnail.ts
import { ELEMENT_KINDS, addElement, createElement, createEmptyStage, patchElement } from '../packages/stage-engine/src/model.ts';
import type { Stage } from '../packages/stage-engine/src/model.ts';
import { stageThumbnail, thumbnailSvg } from '../packages/stage-engine/src/thumbnail.ts';

function buildStage(): Stage {
  let stage = createEmptyStage({ name: 'bench' });
  for (let index = 0; index < 40; index += 1) {
    const element = createElement(ELEMENT_KINDS[index % ELEMENT_KINDS.length], { newId: () => `e${index}` });
    stage = addElement(stage, patchElement(element, { positionX: -4500 + (index % 10) * 1000, positionY: -3750 + Math.floor(index / 10) * 2500, scale: 0.5 }));
  }
  return stage;
}

const stage = buildStage();
const times: number[] = [];
let bytes = 0;
for (let run = 0; run < 300; run += 1) {
  const start = performance.now();
  bytes = thumbnailSvg(stageThumbnail(stage), { title: stage.name }).length;
  if (run >= 50) times.push(performance.now() - start);
}
times.sort((a, b) => a - b);
const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(3);
console.log(`thumbnail, 40 elements (scene + SVG, ${bytes} bytes): median ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms (target <= 30 ms)`);
