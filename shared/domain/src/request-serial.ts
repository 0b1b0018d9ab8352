/**
 * The request serial of one form fill (32 hex digits): the server does the work of a serial once, so submitting the
 * same fill again after a network error can never issue a second invoice or withdraw twice.
 */
export function newRequestSerial(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID().replace(/-/g, '');
  // randomUUID exists only in secure contexts; getRandomValues everywhere.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
