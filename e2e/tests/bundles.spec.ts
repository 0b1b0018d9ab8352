/**
 * What the built apps carry: the API contract reaches the host and the remotes as types only, so none of its schemas
 * and none of the schema library (TypeBox) is in a browser bundle. Read from the release store the suite built.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '../support/test';

function scripts(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return scripts(path);
    return name.endsWith('.js') ? [path] : [];
  });
}

test('no app bundle holds the contract\'s schemas or the schema library: clients import the contract as types only', () => {
  const store = process.env.E2E_STORE ?? '';
  const files = scripts(store);
  expect(files.length).toBeGreaterThan(20);
  // TypeBox marks every schema it builds with these keys; the titles are the contract's own.
  const markers = ['~kind', '~refine', '请求流水号', '每页条数'];
  const found = files.flatMap((file) => markers.filter((marker) => readFileSync(file, 'utf8').includes(marker)).map((marker) => `${file.slice(store.length)}: ${marker}`));
  expect(found).toEqual([]);
});
