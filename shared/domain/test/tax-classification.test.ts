import { describe, expect, test } from '@rstest/core';
import fc from 'fast-check';
import { findTaxClassification, isListedClassification, searchTaxClassifications, TAX_CLASSIFICATIONS } from '../src/tax-classification';

describe('the tax classification table', () => {
  test('at least 60 entries, every code 19 digits and unique, every entry named', () => {
    expect(TAX_CLASSIFICATIONS.length).toBeGreaterThanOrEqual(60);
    for (const entry of TAX_CLASSIFICATIONS) {
      expect(entry.code).toMatch(/^[1-6]\d{18}$/);
      expect(entry.shortName.length).toBeGreaterThan(0);
      expect(entry.shortName.length).toBeLessThanOrEqual(20);
      expect(entry.name.length).toBeGreaterThan(0);
    }
    expect(new Set(TAX_CLASSIFICATIONS.map((entry) => entry.code)).size).toBe(TAX_CLASSIFICATIONS.length);
  });

  test('holds the codes the seed, the tests and the screens use, with the same short names', () => {
    for (const [code, shortName] of [
      ['3040201990000000000', '信息技术服务'],
      ['3040201000000000000', '信息技术服务'],
      ['1060599000000000000', '纸制品'],
      ['3070401000000000000', '餐饮服务'],
      ['3070402000000000000', '住宿服务'],
      ['1010112000000000000', '蔬菜'],
      ['3010101020000000000', '陆路旅客运输服务'],
      ['3040602000000000000', '咨询服务'],
      ['1090515000000000000', '通信设备'],
      ['3040000000000000000', '现代服务'],
    ] as const) {
      expect(findTaxClassification(code)?.shortName).toBe(shortName);
      expect(isListedClassification(code, shortName)).toBe(true);
    }
    expect(findTaxClassification('1234567890123456789')).toBeNull();
    expect(isListedClassification('3070401000000000000', '住宿服务')).toBe(false);
  });

  test('covers services (construction, modern, life services) and common goods', () => {
    const prefixes = ['301', '304', '305', '307', '101', '103', '104', '106', '109'];
    for (const prefix of prefixes) expect(TAX_CLASSIFICATIONS.some((entry) => entry.code.startsWith(prefix))).toBe(true);
  });

  test('search finds by short name, name, keyword and code prefix', () => {
    expect(searchTaxClassifications('餐饮').map((entry) => entry.code)).toContain('3070401000000000000');
    expect(searchTaxClassifications('住宿')[0]?.code).toBe('3070402000000000000');
    expect(searchTaxClassifications('软件').map((entry) => entry.shortName)).toContain('信息技术服务');
    expect(searchTaxClassifications('出租车').map((entry) => entry.code)).toContain('3010101020000000000');
    expect(searchTaxClassifications('307').every((entry) => entry.code.startsWith('307'))).toBe(true);
    expect(searchTaxClassifications('3070401')).toHaveLength(1);
    expect(searchTaxClassifications('不存在的东西')).toEqual([]);
    expect(searchTaxClassifications('', 5)).toHaveLength(5);
  });

  test('property: every hit matches the keyword, at most `limit` of them, no duplicates', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.constantFrom('服务', '餐', '纸', '1', '30', '酒', 'IT', '办公'), fc.string({ maxLength: 4 })),
        fc.integer({ min: 0, max: 30 }),
        (keyword, limit) => {
          const hits = searchTaxClassifications(keyword, limit);
          expect(hits.length).toBeLessThanOrEqual(limit);
          expect(new Set(hits).size).toBe(hits.length);
          const wanted = keyword.trim().toLowerCase();
          if (!wanted) return;
          for (const hit of hits) {
            const text = `${hit.shortName} ${hit.name} ${hit.keywords ?? ''}`.toLowerCase();
            expect(/^\d+$/.test(wanted) ? hit.code.startsWith(wanted) : text.includes(wanted)).toBe(true);
          }
        },
      ),
    );
  });
});
