import { describe, expect, test } from '@rstest/core';
import { API } from '../src/api';

interface SchemaLike {
  type?: string;
  title?: string;
  additionalProperties?: boolean;
  properties?: Record<string, SchemaLike>;
  items?: SchemaLike;
  anyOf?: SchemaLike[];
}

/** Every object a body may hold, with its path. */
function objectsOf(schema: SchemaLike, path = 'body'): { path: string; schema: SchemaLike }[] {
  const found: { path: string; schema: SchemaLike }[] = [];
  if (schema.type === 'object') found.push({ path, schema });
  for (const [key, child] of Object.entries(schema.properties ?? {})) found.push(...objectsOf(child, `${path}.${key}`));
  if (schema.items) found.push(...objectsOf(schema.items, `${path}[]`));
  for (const branch of schema.anyOf ?? []) found.push(...objectsOf(branch, path));
  return found;
}

describe('the API contract', () => {
  test('every call is `<module>/<action>` with a body schema and a result schema', () => {
    for (const [path, call] of Object.entries(API)) {
      expect(path).toMatch(/^[a-z][A-Za-z]*\/[a-z][A-Za-z]*$/);
      expect((call.body as SchemaLike).type).toBe('object');
      expect(call.result).toBeTypeOf('object');
    }
  });

  test('a body takes exactly its properties, at every depth, and names each for the messages', () => {
    for (const [path, call] of Object.entries(API)) {
      for (const object of objectsOf(call.body as SchemaLike)) {
        expect({ call: path, at: object.path, closed: object.schema.additionalProperties }).toEqual({
          call: path,
          at: object.path,
          closed: false,
        });
      }
      for (const [key, property] of Object.entries((call.body as SchemaLike).properties ?? {})) {
        expect({ call: path, key, titled: typeof property.title === 'string' }).toEqual({ call: path, key, titled: true });
      }
    }
  });
});
