/**
 * The host's page compressed as the browser accepts it (brotli, else gzip): it is written per request (first-load.ts)
 * and, with the owner's manifest in it, tens of KiB of text, which a phone would otherwise receive over several round
 * trips of a new connection. Every other file of a release is stored compressed (serve-releases.ts).
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

export interface CompressedPage {
  body: Buffer | string;
  /** The Content-Encoding to send, or null for the text as it is. */
  encoding: 'br' | 'gzip' | null;
}

/** Quick enough to run per request, and within a few per cent of brotli's best. */
const BROTLI_QUALITY = 5;

export function compressedPage(text: string, acceptEncoding: string | undefined): CompressedPage {
  const encoding = acceptEncoding ? negotiate(acceptEncoding, ['br', 'gzip']) : null;
  if (encoding === 'br')
    return {
      body: brotliCompressSync(text, {
        params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
      }),
      encoding,
    };
  if (encoding === 'gzip') return { body: gzipSync(text), encoding };
  return { body: text, encoding: null };
}

/** Sends a page written for this request, compressed as the browser accepts; it varies with that and with `varies`. */
export function sendCompressedPage(request: FastifyRequest, reply: FastifyReply, text: string, varies: string[] = []) {
  const page = compressedPage(text, request.headers['accept-encoding']);
  const vary = reply.getHeader('Vary');
  const names = [...(vary ? String(vary).split(/,\s*/) : []), 'Accept-Encoding', ...varies];
  reply.header('Vary', [...new Set(names)].join(', '));
  if (page.encoding) reply.header('Content-Encoding', page.encoding);
  return reply.type('text/html; charset=utf-8').send(page.body);
}
