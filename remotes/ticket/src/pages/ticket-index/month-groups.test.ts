import { describe, expect, test } from '@rstest/core';
import { MonthStarts } from './month-groups';

describe('MonthStarts', () => {
  test('the first ticket of each month starts it, across pages; a first page forgets the list before', () => {
    const starts = new MonthStarts();
    const a = { id: 'a', issueDate: '2026-11-20' };
    const b = { id: 'b', issueDate: '2026-11-02' };
    const c = { id: 'c', issueDate: '2026-10-31' };
    const d = { id: 'd', issueDate: '2026-10-01' };
    starts.add([a, b, c]);
    starts.add([d]);
    expect([a, b, c, d].map((ticket) => starts.monthStartedBy(ticket))).toEqual(['2026-11', null, '2026-10', null]);
    starts.reset();
    starts.add([b, d]);
    expect([b, d].map((ticket) => starts.monthStartedBy(ticket))).toEqual(['2026-11', '2026-10']);
  });
});
