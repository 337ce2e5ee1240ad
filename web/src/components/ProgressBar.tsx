/** A progress bar (0–100 %), announced to screen readers with its label; green once full. */
export function ProgressBar({ percent, label, testId }: { percent: number; label: string; testId?: string }) {
  const shown = Math.max(0, Math.min(100, percent));
  return (
    <div className="progress-track" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.floor(shown)} data-testid={testId}>
      <span className={`progress-fill${shown >= 100 ? ' done' : ''}`} style={{ width: `${shown}%` }} />
    </div>
  );
}
