/**
 * The body of an API call: JSON only (anything else is refused with 415, not parsed as text), parsed safely, never
 * nested deeper than any call needs, and without keys that could pollute prototypes. A refusal names the key.
 */
import type { FastifyInstance } from 'fastify';
import { ApiFailure, ErrorCode } from './api-failure';
import { fieldName } from './validation-messages';

/** No call takes more than a few levels; deeper bodies are refused before anything walks them recursively. */
export const MAX_BODY_DEPTH = 16;

type Problem = { kind: 'depth' | 'prototype'; path: string };

function findProblem(value: unknown, path: string, depth: number): Problem | null {
  if (value === null || typeof value !== 'object') return null;
  if (depth >= MAX_BODY_DEPTH) return { kind: 'depth', path };
  for (const [key, child] of Object.entries(value)) {
    const pollutes =
      key === '__proto__' || (key === 'constructor' && !!child && typeof child === 'object' && Object.hasOwn(child, 'prototype'));
    if (pollutes) return { kind: 'prototype', path: `${path}/${key}` };
    const found = findProblem(child, `${path}/${key}`, depth + 1);
    if (found) return found;
  }
  return null;
}

export function registerJsonBody(api: FastifyInstance, bodyLimit: number): void {
  api.removeAllContentTypeParsers();
  const parseJson = api.getDefaultJsonParser('error', 'error');
  api.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit }, (request, text, done) => {
    parseJson(request, text as string, (error, value) => {
      let body: unknown = value;
      if (error) {
        // The safe parser refuses a prototype key as if the JSON were invalid: find out which key it was.
        try {
          body = JSON.parse(text as string);
        } catch {
          return done(error, undefined);
        }
      }
      const problem = findProblem(body, '', 0);
      if (problem?.kind === 'prototype')
        return done(new ApiFailure(ErrorCode.InvalidInput, `不支持的参数 ${fieldName(problem.path)}`), undefined);
      if (problem) return done(new ApiFailure(ErrorCode.InvalidInput, `请求体嵌套过深，最多 ${MAX_BODY_DEPTH} 层`), undefined);
      if (error) return done(error, undefined);
      done(null, body);
    });
  });
}
