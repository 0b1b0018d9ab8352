/**
 * A date or time as a user in China reads it (`YYYY-MM-DD`, `YYYY-MM-DD HH:mm`, in China time whatever the phone's
 * zone: `@app/domain/china-time`), in a `<time>` element that carries the instant.
 */
import type { ReactNode } from 'react';
import { chinaDate, chinaDateTime } from '@app/domain/china-time';

export interface ChinaTimeProps {
  /** An ISO instant, as the server answers it. */
  at: string;
  /** `date`: 2026-11-25; `minute` (the default): 2026-11-25 14:30. */
  precision?: 'date' | 'minute';
  className?: string;
}

export function ChinaTime({ at, precision = 'minute', className }: ChinaTimeProps): ReactNode {
  return (
    <time className={className} dateTime={at}>
      {precision === 'date' ? chinaDate(at) : chinaDateTime(at)}
    </time>
  );
}
