/**
 * Why a message was not sent, as a mail server or SMS provider said it: temporary (a 4xx reply, a connection that
 * failed or timed out — tried again later) or permanent (a 5xx reply, an address that cannot exist — given up at once).
 * A transport throws it only when it knows nothing was sent; anything else leaves the outcome unknown.
 */
export class DeliveryFailure extends Error {
  constructor(
    readonly reason: string,
    readonly permanent: boolean,
  ) {
    super(reason);
    this.name = 'DeliveryFailure';
  }
}
