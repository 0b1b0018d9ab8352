/**
 * Where a taxi invoice is sent. The screen has no delivery fields: the passenger gave the address when asking for the
 * invoice on the ride page (their title's e-mail unless they gave another), so it is taken from the chosen trips;
 * without one, from the e-mail of a title the company picked, as the blue-invoice form does.
 */
import { deliverEmailProblem, deliverPhoneProblem } from '@app/domain/invoice-delivery';
import type { TaxiTrip } from '../../features/trips/trips-api';

export interface TripDelivery {
  deliverPhone: string;
  deliverEmail: string;
}

/** The first chosen trip's asked address, else the picked title's e-mail; one the server would refuse is left out. */
export function deliveryOf(trips: readonly TaxiTrip[], titleEmail: string): TripDelivery {
  const asked = trips.find((trip) => trip.deliverPhone || trip.deliverEmail);
  const phone = (asked?.deliverPhone ?? '').trim();
  const email = (asked?.deliverEmail || titleEmail).trim();
  return { deliverPhone: deliverPhoneProblem(phone) ? '' : phone, deliverEmail: deliverEmailProblem(email) ? '' : email };
}

/** The request's delivery fields: only those with an address (an empty one is what the contract leaves out). */
export function deliveryFields({ deliverPhone, deliverEmail }: TripDelivery): Partial<TripDelivery> {
  return { ...(deliverPhone && { deliverPhone }), ...(deliverEmail && { deliverEmail }) };
}

/** What the page says about it: where it goes, or how to send it later. */
export function deliveryText({ deliverPhone, deliverEmail }: TripDelivery): string {
  const to = [deliverEmail && `邮箱 ${deliverEmail}`, deliverPhone && `手机 ${deliverPhone}`].filter(Boolean);
  return to.length ? `开具后发送至${to.join('、')}` : '乘客未留接收邮箱或手机号，开具后可在发票列表中发送';
}
