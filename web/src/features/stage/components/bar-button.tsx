import type { ButtonHTMLAttributes } from 'react';
import { StageIcon } from './stage-icons.tsx';
import type { StageIconName } from './stage-icons.tsx';

/**
 * An icon button of the stage screens' top bars: its label is both its accessible name and
 * its tooltip. `danger` marks a destructive one.
 */
export function BarButton({
  icon,
  label,
  title = label,
  danger = false,
  ...rest
}: {
  icon: StageIconName;
  label: string;
  /** The tooltip, when it says more than the label (a shortcut). */
  title?: string;
  danger?: boolean;
} & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'className' | 'title' | 'aria-label'>) {
  return (
    <button
      type="button"
      className={`btn btn-bar${danger ? ' btn-bar-danger' : ''}`}
      aria-label={label}
      title={title}
      {...rest}
    >
      <StageIcon name={icon} />
    </button>
  );
}
