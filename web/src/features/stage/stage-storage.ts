// What the stage screens keep in the browser: the custom stage (SPEC §2, §7), the real-size
// calibration and the drill settings. A broken or foreign value reads as absent.
import { stageToWire, tryParseStage } from '@club/stage-engine/model';
import type { Stage } from '@club/stage-engine/model';
import type { RealSizeCalibration } from '@club/stage-engine/coordinates';

export const CUSTOM_STAGE_KEY = 'ipsc-club.custom-stage';
export const CALIBRATION_KEY = 'ipsc-club.real-size';
export const DRILL_SETTINGS_KEY = 'ipsc-club.drill-settings';

function readJson(key: string): unknown {
  try {
    const text = localStorage.getItem(key);
    return text === null ? null : (JSON.parse(text) as unknown);
  } catch {
    return null;
  }
}

function writeJson(key: string, value: unknown): boolean {
  try {
    localStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    // Private mode or a full quota: the caller tells the member.
    return false;
  }
}

/** The stage saved in this browser, or null. */
export function readCustomStage(): Stage | null {
  const json = readJson(CUSTOM_STAGE_KEY);
  return json === null ? null : tryParseStage(json);
}

/** Saves the stage in this browser (wire format); false when storage refused it. */
export function writeCustomStage(stage: Stage): boolean {
  return writeJson(CUSTOM_STAGE_KEY, stageToWire(stage));
}

/** Real-size calibration as the member last entered it, with whether it is switched on. */
export interface StoredCalibration extends RealSizeCalibration {
  readonly enabled: boolean;
}

export const DEFAULT_CALIBRATION: StoredCalibration = {
  enabled: false,
  imageWidthMetres: 2,
  simulatedDistanceMetres: 10,
  viewerDistanceMetres: 3,
};

const positive = (value: unknown, fallback: number): number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 && value <= 1000 ? value : fallback;

/** The stored calibration, or the defaults. */
export function readCalibration(): StoredCalibration {
  const json = readJson(CALIBRATION_KEY);
  if (json === null || typeof json !== 'object') return DEFAULT_CALIBRATION;
  const value = json as Record<string, unknown>;
  return {
    enabled: value.enabled === true,
    imageWidthMetres: positive(value.imageWidthMetres, DEFAULT_CALIBRATION.imageWidthMetres),
    simulatedDistanceMetres: positive(value.simulatedDistanceMetres, DEFAULT_CALIBRATION.simulatedDistanceMetres),
    viewerDistanceMetres: positive(value.viewerDistanceMetres, DEFAULT_CALIBRATION.viewerDistanceMetres),
  };
}

export function writeCalibration(calibration: StoredCalibration): void {
  writeJson(CALIBRATION_KEY, calibration);
}

/** The drill player's settings (seconds in the form, as members think of them). */
export interface DrillSettings {
  readonly repetitions: number;
  readonly delayMinSeconds: number;
  readonly delayMaxSeconds: number;
  readonly parTimeEnabled: boolean;
  readonly parTimeSeconds: number;
  readonly repetitionSeconds: number;
  readonly restSeconds: number;
}

export const DEFAULT_DRILL_SETTINGS: DrillSettings = {
  repetitions: 5,
  delayMinSeconds: 1,
  delayMaxSeconds: 4,
  parTimeEnabled: false,
  parTimeSeconds: 2,
  repetitionSeconds: 5,
  restSeconds: 3,
};

const inRange = (value: unknown, min: number, max: number, fallback: number): number =>
  typeof value === 'number' && Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : fallback;

/** Keeps drill settings inside sensible bounds (delays 0–30 s, 1–50 repetitions…). */
export function normaliseDrillSettings(value: Partial<Record<keyof DrillSettings, unknown>>): DrillSettings {
  const d = DEFAULT_DRILL_SETTINGS;
  const delayMin = inRange(value.delayMinSeconds, 0, 30, d.delayMinSeconds);
  return {
    repetitions: Math.round(inRange(value.repetitions, 1, 50, d.repetitions)),
    delayMinSeconds: delayMin,
    delayMaxSeconds: Math.max(delayMin, inRange(value.delayMaxSeconds, 0, 30, d.delayMaxSeconds)),
    parTimeEnabled: value.parTimeEnabled === true,
    parTimeSeconds: inRange(value.parTimeSeconds, 0.1, 60, d.parTimeSeconds),
    repetitionSeconds: inRange(value.repetitionSeconds, 1, 120, d.repetitionSeconds),
    restSeconds: inRange(value.restSeconds, 0, 60, d.restSeconds),
  };
}

export function readDrillSettings(): DrillSettings {
  const json = readJson(DRILL_SETTINGS_KEY);
  return json !== null && typeof json === 'object'
    ? normaliseDrillSettings(json as Record<string, unknown>)
    : DEFAULT_DRILL_SETTINGS;
}

export function writeDrillSettings(settings: DrillSettings): void {
  writeJson(DRILL_SETTINGS_KEY, settings);
}

export const CARD_WIDTH_KEY = 'ipsc-club.card-width-px';

/** The width in CSS pixels at which a bank card matched this device's screen, or null. */
export function readCardWidthPx(): number | null {
  const value = readJson(CARD_WIDTH_KEY);
  return typeof value === 'number' && Number.isFinite(value) && value >= 100 && value <= 2000 ? value : null;
}

/** Keeps the matched card width for this device (screens differ; the browser is the device). */
export function writeCardWidthPx(width: number): boolean {
  return writeJson(CARD_WIDTH_KEY, width);
}
