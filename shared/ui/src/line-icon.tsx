/** A single-path stroke icon drawn in the current text colour (tab bar, status pages). */
export interface LineIconProps {
  /** SVG path data, drawn in a `size`×`size` box. */
  d: string;
  size?: number;
  strokeWidth?: number;
  className?: string;
}

export function LineIcon({ d, size = 24, strokeWidth = 1.8, className }: LineIconProps) {
  return (
    <svg
      className={className}
      width="1em"
      height="1em"
      viewBox={`0 0 ${size} ${size}`}
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={d} />
    </svg>
  );
}
