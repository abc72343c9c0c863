/** How far an upload has come, as a bar and a figure. */
export function ProgressBar({ percent, label }: { percent: number; label: string }) {
  return (
    <div className="cw-camp-progress">
      <div
        className="cw-camp-progress__track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <span className="cw-camp-progress__bar" style={{ width: `${percent}%` }} />
      </div>
      <span className="cw-camp-progress__label" aria-hidden="true">
        {percent}%
      </span>
    </div>
  );
}
