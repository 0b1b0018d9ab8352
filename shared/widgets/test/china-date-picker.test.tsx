import { afterEach, beforeEach, describe, expect, rs, test } from '@rstest/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import type { DatePickerRef } from '@app/ui/date-picker';
import { onPhoneInTimeZone } from '@app/domain/test-support/phone-time-zone';
import { ChinaDatePicker } from '../src/china-date-picker';

/** The wheels' current values, year first: what antd-mobile announces for each column. */
const wheels = () =>
  screen
    .getAllByRole('button', { name: /^当前选择的是：/ })
    .map((column) => column.getAttribute('aria-label')?.replace('当前选择的是：', ''));
const confirm = () => fireEvent.click(screen.getByText('确定'));

describe('ChinaDatePicker on a phone in Los Angeles at 04:00 on 1 December in Beijing (still 30 November there)', () => {
  onPhoneInTimeZone('America/Los_Angeles');
  beforeEach(() => {
    rs.useFakeTimers({ toFake: ['Date'] });
    rs.setSystemTime(new Date('2026-11-30T20:00:00.000Z'));
  });
  afterEach(() => {
    cleanup();
    rs.useRealTimers();
  });

  test('the phone really is a day behind', () => {
    expect([new Date().getMonth() + 1, new Date().getDate()]).toEqual([11, 30]);
  });

  test('with nothing chosen, a day picker opens on today in China, offers nothing later, and confirms that day', async () => {
    const chosen = rs.fn();
    render(
      <ChinaDatePicker visible title="选择开票日期" min="2021-01-01" onConfirm={chosen}>
        {(value) => <span>{value ?? '请选择'}</span>}
      </ChinaDatePicker>,
    );
    await screen.findByText('选择开票日期');
    expect(wheels()).toEqual(['2026年', '12月', '1日']);
    expect(screen.getAllByRole('text', { name: '没有下一项' })).toHaveLength(3);
    // The field still says nothing is chosen.
    expect(screen.getByText('请选择')).toBeTruthy();
    confirm();
    expect(chosen).toHaveBeenCalledWith('2026-12-01');
  });

  test('a month picker opens on China’s month and confirms it', async () => {
    const chosen = rs.fn();
    render(<ChinaDatePicker visible precision="month" title="选择开票月份" min="2021-01" onConfirm={chosen} />);
    await screen.findByText('选择开票月份');
    expect(wheels()).toEqual(['2026年', '12月']);
    confirm();
    expect(chosen).toHaveBeenCalledWith('2026-12');
  });

  test('a chosen day opens as chosen, within the bounds given, and shows in place', async () => {
    const chosen = rs.fn();
    const picker = createRef<DatePickerRef>();
    render(
      <ChinaDatePicker ref={picker} value="2026-11-15" min="2026-11-15" max="2026-11-20" title="选择日期" onConfirm={chosen}>
        {(value) => <span>{value ?? '请选择'}</span>}
      </ChinaDatePicker>,
    );
    expect(screen.getByText('2026-11-15')).toBeTruthy();
    picker.current?.open();
    await screen.findByText('选择日期');
    expect(wheels()).toEqual(['2026年', '11月', '15日']);
    expect(screen.getAllByRole('text', { name: '没有上一项' })).toHaveLength(3);
    expect(screen.getByRole('button', { name: '选择下一项：16日' })).toBeTruthy();
    confirm();
    expect(chosen).toHaveBeenCalledWith('2026-11-15');
  });
});
