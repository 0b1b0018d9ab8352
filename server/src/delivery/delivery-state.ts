/**
 * A delivery's stored state: `sending` while an attempt is under way (written before the message goes out), so an
 * attempt that finds it there knows an earlier one may have sent the message. Clients see it as 待发送.
 */
import type { DeliveryState } from '@app/contract/invoice';

export type DeliveryRowState = 'pending' | 'sending' | 'sent' | 'failed';

export function shownState(state: DeliveryRowState): DeliveryState {
  return state === 'sending' ? 'pending' : state;
}
