import './progress-bar.css';

/** How far an upload has come, as a bar and, unless the caller words it itself, a figure beside it. */
export function ProgressBar({ percent, label, figure = true }: { percent: number; label: string; figure?: boolean }) {
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <div className="cw-progress">
      <div
        className="cw-progress__track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
      >
        <span className="cw-progress__bar" style={{ width: `${value}%` }} />
      </div>
      {figure && (
        <span className="cw-progress__label" aria-hidden="true">
          {value}%
        </span>
      )}
    </div>
  );
}
