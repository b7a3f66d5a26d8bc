// Import and export of a stage as a JSON file in the wire format, so a stage travels by mail
// or chat between members and loads in any client that reads SPEC §3.
import { parseStage, stageToWire } from '@club/stage-engine/model';
import type { Stage } from '@club/stage-engine/model';

/** A file name from the stage name: lower-case ASCII words joined by dashes. */
export function stageFileName(stage: Stage): string {
  const base = stage.name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${base || 'stage'}.json`;
}

/** Offers the stage as a JSON download. */
export function downloadStage(stage: Stage): void {
  const blob = new Blob([JSON.stringify(stageToWire(stage), null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = stageFileName(stage);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Reads a stage from a chosen file; throws when it is not JSON or not a valid stage. */
export async function readStageFile(file: File): Promise<Stage> {
  if (file.size > 1024 * 1024) throw new Error('too large');
  return parseStage(JSON.parse(await file.text()) as unknown);
}
