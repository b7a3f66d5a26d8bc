import { useId } from 'react';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { AnimationType, PANEL_POSITIONS, STAGE_LIMITS, VisibleTimeType } from '@club/contract/stage';
import type { PanelPosition } from '@club/contract/stage';
import { STEP_BUTTONS } from '@club/stage-engine/clamp';
import { ELEMENT_KINDS, animationsFor, kindOf } from '@club/stage-engine/model';
import type { ElementKind, ElementPatch, StageElement } from '@club/stage-engine/model';
import { StageIcon } from './stage-icons.tsx';
import type { StageIconName } from './stage-icons.tsx';
import { StepNumberField } from './step-number-field.tsx';

const CORNER_ICONS: Record<PanelPosition, StageIconName> = {
  'top-left': 'cornerTopLeft',
  'top-right': 'cornerTopRight',
  'bottom-left': 'cornerBottomLeft',
  'bottom-right': 'cornerBottomRight',
};

const ANIMATION_KEYS: Record<AnimationType, string> = {
  [AnimationType.none]: 'NONE',
  [AnimationType.swinger]: 'SWINGER',
  [AnimationType.door]: 'DOOR',
  [AnimationType.cardRiseFall]: 'CARD_RISE_FALL',
  [AnimationType.popperRiseFall]: 'POPPER_RISE_FALL',
};

const VISIBLE_TIME_KEYS: Record<VisibleTimeType, string> = {
  [VisibleTimeType.always]: 'ALWAYS',
  [VisibleTimeType.fixed]: 'FIXED',
  [VisibleTimeType.random]: 'RANDOM',
};

/** A yes/no switch of the panel (SPEC §2 "yes/no toggles"). */
function YesNoToggle({
  label,
  name,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  name: string;
  checked: boolean;
  disabled: boolean;
  onChange: (value: boolean) => void;
}) {
  const { t } = useTranslation('stage-designer');
  const id = useId();
  return (
    <div className="form-check form-switch yes-no">
      <input
        id={id}
        name={name}
        className="form-check-input"
        type="checkbox"
        role="switch"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label className="form-check-label" htmlFor={id}>
        {label} <span className="yes-no-value">{checked ? t('YES') : t('NO')}</span>
      </label>
    </div>
  );
}

export interface SettingsPanelProps {
  panelRef?: Ref<HTMLElement>;
  element: StageElement | null;
  playing: boolean;
  position: PanelPosition;
  open: boolean;
  onToggleOpen: () => void;
  onMove: (position: PanelPosition) => void;
  onPatch: (patch: ElementPatch, mergeKey?: string) => void;
  onKind: (kind: ElementKind) => void;
  onDelete: () => void;
  onPlay: () => void;
  onStop: () => void;
}

/** The designer's settings panel: every control of SPEC §2 with the enabled states of §4 and §5. */
export function SettingsPanel(props: SettingsPanelProps) {
  const { element, playing, position, open } = props;
  const { t } = useTranslation('stage-designer');
  const typeId = useId();
  const animationId = useId();
  const selected = element !== null;
  const stepLabel = (field: string) => (step: string) => t('PANEL.STEP', { field, step });
  const kind = element === null ? null : kindOf(element);
  const animations = element === null ? [AnimationType.none] : animationsFor(element.type);
  const randomPosition = element?.randomPosition ?? false;
  const visibleTimeMode = element?.visibleTimeMode ?? VisibleTimeType.always;

  return (
    <aside
      ref={props.panelRef}
      className={`settings-panel settings-panel--${position}${open ? '' : ' is-closed'}`}
      aria-label={t('PANEL.TITLE')}
      data-position={position}
    >
      <div className="settings-panel-head">
        <button
          type="button"
          className="btn btn-panel-toggle"
          aria-expanded={open}
          aria-controls="settings-panel-body"
          onClick={props.onToggleOpen}
        >
          <StageIcon name={open === position.startsWith('top') ? 'chevronUp' : 'chevronDown'} size={18} />
          <span>{t('PANEL.TITLE')}</span>
          {element !== null ? <span className="settings-panel-selected">· {t(`KINDS.${kindOf(element)}`)}</span> : null}
        </button>
        <div className="corner-buttons" role="group" aria-label={t('PANEL.DOCK')}>
          {PANEL_POSITIONS.map((corner) => (
            <button
              key={corner}
              type="button"
              className="btn btn-icon btn-corner"
              aria-label={t(`PANEL.CORNER.${corner}`)}
              aria-pressed={corner === position}
              title={t(`PANEL.CORNER.${corner}`)}
              onClick={() => props.onMove(corner)}
            >
              <StageIcon name={CORNER_ICONS[corner]} size={16} />
            </button>
          ))}
        </div>
      </div>
      <div id="settings-panel-body" className="settings-panel-body" hidden={!open}>
        {!selected ? <p className="settings-panel-hint">{t('PANEL.NOTHING_SELECTED')}</p> : null}
        <div className="panel-row panel-row--actions">
          <button
            type="button"
            className="btn btn-outline-danger btn-sm"
            disabled={!selected}
            onClick={props.onDelete}
          >
            <StageIcon name="trash" size={16} /> {t('PANEL.DELETE')}
          </button>
          <div className="play-stop" role="group" aria-label={t('PANEL.ANIMATION_PREVIEW')}>
            <button
              type="button"
              className="btn btn-success btn-sm btn-play"
              disabled={!selected || element.animation === AnimationType.none || playing}
              aria-label={t('PANEL.PLAY')}
              title={t('PANEL.PLAY')}
              onClick={props.onPlay}
            >
              <StageIcon name="play" size={16} />
            </button>
            <button
              type="button"
              className="btn btn-secondary btn-sm btn-stop"
              disabled={!selected || !playing}
              aria-label={t('PANEL.STOP')}
              title={t('PANEL.STOP')}
              onClick={props.onStop}
            >
              <StageIcon name="stop" size={16} />
            </button>
          </div>
        </div>
        <div className="panel-row panel-row--selects">
          <div className="panel-select">
            <label htmlFor={typeId} className="form-label">
              {t('PANEL.TYPE')}
            </label>
            <select
              id={typeId}
              name="type"
              className="form-select form-select-sm"
              value={kind ?? ''}
              disabled={!selected || playing}
              onChange={(event) => props.onKind(event.target.value as ElementKind)}
            >
              {kind === null ? <option value="">—</option> : null}
              {ELEMENT_KINDS.map((option) => (
                <option key={option} value={option}>
                  {t(`KINDS.${option}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="panel-select">
            <label htmlFor={animationId} className="form-label">
              {t('PANEL.ANIMATION')}
            </label>
            <select
              id={animationId}
              name="animationType"
              className="form-select form-select-sm"
              value={element?.animation ?? AnimationType.none}
              disabled={!selected}
              onChange={(event) => props.onPatch({ animation: Number(event.target.value) as AnimationType })}
            >
              {animations.map((animation) => (
                <option key={animation} value={animation}>
                  {t(`ANIMATIONS.${ANIMATION_KEYS[animation]}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="panel-row panel-row--toggles">
          <YesNoToggle
            label={t('PANEL.RANDOM_POSITION')}
            name="randomPosition"
            checked={randomPosition}
            disabled={!selected}
            onChange={(value) => props.onPatch({ randomPosition: value })}
          />
          <YesNoToggle
            label={t('PANEL.RANDOM_SCALE')}
            name="randomScale"
            checked={element?.randomScale ?? false}
            disabled={!selected}
            onChange={(value) => props.onPatch({ randomScale: value })}
          />
        </div>
        <StepNumberField
          label={t('PANEL.POSITION_X')}
          name="positionX"
          value={element?.positionX ?? 0}
          min={STAGE_LIMITS.positionMin}
          max={STAGE_LIMITS.positionMax}
          step={STAGE_LIMITS.positionStep}
          steps={STEP_BUTTONS.position}
          disabled={!selected || randomPosition}
          stepButtonLabel={stepLabel(t('PANEL.POSITION_X'))}
          onChange={(value, typing) => props.onPatch({ positionX: value }, typing ? 'positionX' : undefined)}
        />
        <StepNumberField
          label={t('PANEL.POSITION_Y')}
          name="positionY"
          value={element?.positionY ?? 0}
          min={STAGE_LIMITS.positionMin}
          max={STAGE_LIMITS.positionMax}
          step={STAGE_LIMITS.positionStep}
          steps={STEP_BUTTONS.position}
          disabled={!selected || randomPosition}
          stepButtonLabel={stepLabel(t('PANEL.POSITION_Y'))}
          onChange={(value, typing) => props.onPatch({ positionY: value }, typing ? 'positionY' : undefined)}
        />
        <StepNumberField
          label={t('PANEL.SCALE')}
          name="scale"
          value={element?.scale ?? STAGE_LIMITS.scale}
          min={STAGE_LIMITS.scaleMin}
          max={STAGE_LIMITS.scaleMax}
          step={STAGE_LIMITS.scaleStep}
          steps={STEP_BUTTONS.scale}
          disabled={!selected || (element?.randomScale ?? false)}
          stepButtonLabel={stepLabel(t('PANEL.SCALE'))}
          onChange={(value, typing) => props.onPatch({ scale: value }, typing ? 'scale' : undefined)}
        />
        <fieldset className="visible-time" disabled={!selected || !randomPosition}>
          <legend className="form-label">{t('PANEL.VISIBLE_TIME_MODE')}</legend>
          <div className="btn-group btn-group-sm visible-time-options" role="radiogroup">
            {Object.values(VisibleTimeType).map((mode) => (
              <label key={mode} className={`btn btn-outline-primary${visibleTimeMode === mode ? ' active' : ''}`}>
                <input
                  type="radio"
                  className="visually-hidden"
                  name="visibleTimeType"
                  value={mode}
                  checked={visibleTimeMode === mode}
                  onChange={() => props.onPatch({ visibleTimeMode: mode })}
                />
                {t(`VISIBLE_TIME.${VISIBLE_TIME_KEYS[mode]}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <StepNumberField
          label={t('PANEL.VISIBLE_TIME')}
          name="visibeTime"
          value={element?.visibleTimeSeconds ?? STAGE_LIMITS.visibleTimeMin}
          min={STAGE_LIMITS.visibleTimeMin}
          max={STAGE_LIMITS.visibleTimeMax}
          step={STAGE_LIMITS.visibleTimeStep}
          steps={STEP_BUTTONS.visibleTime}
          disabled={!selected || visibleTimeMode !== VisibleTimeType.fixed}
          stepButtonLabel={stepLabel(t('PANEL.VISIBLE_TIME'))}
          onChange={(value, typing) =>
            props.onPatch({ visibleTimeSeconds: value }, typing ? 'visibleTimeSeconds' : undefined)
          }
        />
      </div>
    </aside>
  );
}
