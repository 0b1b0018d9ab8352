/**
 * The request serial of one form fill (8–64 letters and digits): the server creates one task per serial, so
 * submitting the same fill again after a network error can never issue a second invoice.
 */
export function newRequestSerial(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID().replace(/-/g, '');
  // randomUUID exists only in secure contexts; getRandomValues everywhere.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
