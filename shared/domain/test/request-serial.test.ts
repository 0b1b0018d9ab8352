import { describe, expect, test } from '@rstest/core';
import { newRequestSerial } from '../src/request-serial';

describe('request serial', () => {
  test('32 hex digits, within every call contract’s serial pattern, and never the same twice', () => {
    const serials = Array.from({ length: 1000 }, newRequestSerial);
    for (const serial of serials) expect(serial).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(serials).size).toBe(serials.length);
  });
});
