import { useId, useState } from 'react';
import type { KeyboardEvent } from 'react';

/** Formats a step button's label with its sign: −200, +0.3. */
function stepLabel(step: number): string {
  return step > 0 ? `+${step}` : `−${Math.abs(step)}`;
}

/**
 * A number input with SPEC §4's step buttons on either side. Typing keeps a draft until it is a
 * number inside the bounds (so "0.5" can pass through "0."), Enter or leaving the field applies
 * the clamped value.
 */
export function StepNumberField({
  label,
  name,
  value,
  min,
  max,
  step,
  steps,
  disabled,
  onChange,
  stepButtonLabel,
}: {
  label: string;
  name: string;
  value: number;
  min: number;
  max: number;
  step: number;
  steps: readonly number[];
  disabled: boolean;
  /** The new value and whether it comes from typing (merged into one undo step). */
  onChange: (value: number, typing: boolean) => void;
  stepButtonLabel: (step: string) => string;
}) {
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const left = steps.filter((s) => s < 0);
  const right = steps.filter((s) => s > 0);
  const apply = () => {
    if (draft === null) return;
    const parsed = Number(draft.replace(',', '.'));
    if (draft.trim() !== '' && Number.isFinite(parsed)) onChange(parsed, true);
    setDraft(null);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') apply();
    if (event.key === 'Escape') setDraft(null);
  };
  const button = (delta: number) => (
    <button
      key={delta}
      type="button"
      className="btn btn-step"
      disabled={disabled}
      aria-label={stepButtonLabel(stepLabel(delta))}
      onClick={() => onChange(Math.round((value + delta) * 1000) / 1000, false)}
    >
      {stepLabel(delta)}
    </button>
  );
  return (
    <div className="step-field">
      <label htmlFor={id} className="step-field-label">
        {label}
      </label>
      <div className="step-field-controls">
        {left.map(button)}
        <input
          id={id}
          name={name}
          type="number"
          inputMode="decimal"
          className="form-control form-control-sm step-field-input"
          min={min}
          max={max}
          step={step}
          disabled={disabled}
          value={draft ?? String(value)}
          onChange={(event) => {
            const text = event.target.value;
            setDraft(text);
            const parsed = Number(text);
            if (text.trim() !== '' && Number.isFinite(parsed) && parsed >= min && parsed <= max) onChange(parsed, true);
          }}
          onBlur={apply}
          onKeyDown={onKeyDown}
        />
        {right.map(button)}
      </div>
    </div>
  );
}
