/** Under a QR code: what to scan it with, the two hints, and the link to the step-by-step help. */
import './scan-hints.css';

export interface ScanHintsProps {
  caption: string;
  hints: readonly string[];
  helpText: string;
  onHelp(): void;
}

export function ScanHints({ caption, hints, helpText, onHelp }: ScanHintsProps) {
  return (
    <div className="app-scan-hints">
      <p className="app-scan-hints__caption">{caption}</p>
      <ul className="app-scan-hints__list">
        {hints.map((hint) => (
          <li key={hint}>{hint}</li>
        ))}
      </ul>
      <button type="button" className="app-scan-hints__help" onClick={onHelp}>
        {helpText}
      </button>
    </div>
  );
}
