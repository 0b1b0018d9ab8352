/** A trip's state as a tag: where it is between shared and invoiced (the contract's TRIP_STATES). */
import type { TripState } from '@app/contract/taxi';
import { Tag } from '@app/ui/tag';

const COLORS: Record<TripState, 'default' | 'primary' | 'success' | 'warning' | 'danger'> = {
  未分享: 'default',
  待领取: 'warning',
  已领取: 'primary',
  待开票: 'warning',
  开票中: 'primary',
  已开票: 'success',
};

export function TripStateTag({ state }: { state: TripState }) {
  return (
    <Tag color={COLORS[state]} fill="outline" aria-label={`行程状态 ${state}`}>
      {state}
    </Tag>
  );
}
