/** How much of its goal a campaign raised, as a bar. */
export function RaisedBar({ percent, label }: { percent: number; label: string }) {
  return (
    <div
      className="cw-pub-raised"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
    >
      <span className="cw-pub-raised__bar" style={{ width: `${percent}%` }} />
    </div>
  );
}
