import { afterEach, expect, test } from '@rstest/core';
import { cleanup, render, screen } from '@testing-library/react';
import { Amount, amountText } from '../src/amount';
import { ChinaTime } from '../src/china-time';
import { Note } from '../src/note';

afterEach(cleanup);

test('an amount is integer fen shown as yuan with two decimals and thousands separators', () => {
  render(<Amount fen={123450} />);
  expect(screen.getByText('¥1,234.50')).toBeTruthy();
  expect(amountText(-5000)).toBe('-¥50.00');
});

test('a change of money carries its sign; money in and red amounts have their own style', () => {
  render(
    <>
      <Amount fen={8800} signed tone="in" />
      <Amount fen={-5000} signed tone="red" size="large" />
      <Amount fen={0} signed />
    </>,
  );
  const credit = screen.getByText('+¥88.00');
  const debit = screen.getByText('-¥50.00');
  const none = screen.getByText('¥0.00');
  expect(new Set([credit.className, debit.className, none.className]).size).toBe(3);
});

test("a time reads in China time whatever the phone's zone, and carries the instant", () => {
  render(
    <>
      <ChinaTime at="2026-11-25T16:30:00.000Z" />
      <ChinaTime at="2026-11-25T16:30:00.000Z" precision="date" />
    </>,
  );
  const minute = screen.getByText('2026-11-26 00:30');
  expect(minute.tagName).toBe('TIME');
  expect(minute.getAttribute('datetime')).toBe('2026-11-25T16:30:00.000Z');
  expect(screen.getByText('2026-11-26')).toBeTruthy();
});

test('a note is a sentence in the note style: weak by default, a hint or what went wrong in their colours', () => {
  render(
    <>
      <Note>稍后即可收到</Note>
      <Note tone="hint" small>
        长按二维码保存
      </Note>
      <Note tone="danger" role="alert">
        请选择红冲原因
      </Note>
    </>,
  );
  const classes = ['稍后即可收到', '长按二维码保存'].map((text) => screen.getByText(text).className);
  expect(new Set([...classes, screen.getByRole('alert').className]).size).toBe(3);
  expect(screen.getByText('稍后即可收到').tagName).toBe('DIV');
});
