/**
 * SHA-256 (FIPS 180-4), synchronous, for the sign-in challenge (sign-in-handover.ts). Not Web Crypto's
 * `crypto.subtle.digest`: that exists only in secure contexts (https or localhost), and phones reach a demo or a test
 * server at `http://<its address>` (PUBLIC_URL), where sign-in would then break; and it is asynchronous, where the
 * sign-in address is built synchronously (the login page's button, the route guard). About 0.6 KiB gzip. Checked
 * against Node's implementation and the standard's vectors (test/sha256.test.ts). A private module of this package.
 */

/** The first 32 bits of the fractional parts of the cube roots of the first 64 primes (written out: never computed in
 * floating point, whose last bits engines need not agree on). */
const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
  0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
  0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

/** The first 32 bits of the fractional parts of the square roots of the first 8 primes. */
const INITIAL = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];

const rotateRight = (word: number, bits: number) => (word >>> bits) | (word << (32 - bits));

/** The SHA-256 digest (32 bytes) of `message`. */
export function sha256(message: Uint8Array): Uint8Array {
  // The message, a 1 bit, zeros, and its length in bits (64-bit big-endian) fill whole 64-byte blocks.
  const blocks = Math.ceil((message.length + 9) / 64) * 64;
  const padded = new Uint8Array(blocks);
  padded.set(message);
  padded[message.length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(blocks - 8, Math.floor(message.length / 0x20000000));
  view.setUint32(blocks - 4, message.length << 3);

  const hash = Uint32Array.from(INITIAL);
  const w = new Uint32Array(64);
  for (let offset = 0; offset < blocks; offset += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(offset + i * 4);
    for (let i = 16; i < 64; i++) {
      const early = w[i - 15] as number;
      const late = w[i - 2] as number;
      const s0 = rotateRight(early, 7) ^ rotateRight(early, 18) ^ (early >>> 3);
      const s1 = rotateRight(late, 17) ^ rotateRight(late, 19) ^ (late >>> 10);
      w[i] = (w[i - 16] as number) + s0 + (w[i - 7] as number) + s1;
    }
    let [a, b, c, d, e, f, g, h] = hash as unknown as [number, number, number, number, number, number, number, number];
    for (let i = 0; i < 64; i++) {
      const t1 = (h + (rotateRight(e, 6) ^ rotateRight(e, 11) ^ rotateRight(e, 25)) + ((e & f) ^ (~e & g)) + (K[i] as number) + (w[i] as number)) | 0;
      const t2 = ((rotateRight(a, 2) ^ rotateRight(a, 13) ^ rotateRight(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0;
      h = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) | 0;
    }
    const round = [a, b, c, d, e, f, g, h];
    for (let i = 0; i < 8; i++) hash[i] = (hash[i] as number) + (round[i] as number);
  }

  const digest = new Uint8Array(32);
  const out = new DataView(digest.buffer);
  for (let i = 0; i < 8; i++) out.setUint32(i * 4, hash[i] as number);
  return digest;
}
