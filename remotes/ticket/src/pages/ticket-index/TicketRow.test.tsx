import { afterEach, describe, expect, test } from '@rstest/core';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { TicketSummary } from '../../features/tickets/tickets-api';
import { summary } from '../../test-support/tickets';
import { TicketRow } from './TicketRow';

afterEach(cleanup);

function show(ticket: TicketSummary) {
  const opened: TicketSummary[] = [];
  render(<TicketRow ticket={ticket} onOpen={(one) => opened.push(one)} />);
  return opened;
}

describe('TicketRow', () => {
  test('a ticket the bureau does not know: 未知销售方 where the seller goes, its typed amount said to be left out of the totals', () => {
    const unknown = summary({ sellerName: '', type: null, verifyState: '查无此票', netFen: 5_000, taxFen: null, grossFen: null });
    const opened = show(unknown);
    const row = screen.getByRole('button', { name: '未知销售方 ¥50.00 不计入合计' });
    expect(within(row).getByText('未知销售方')).toBeTruthy();
    expect(within(row).getByText('查无此票')).toBeTruthy();
    // The type is not known either: said once, beside the date, never as the headline.
    expect(within(row).getAllByText('发票')).toHaveLength(1);
    expect(row.textContent).not.toContain('发票 · 发票');
    fireEvent.click(row);
    expect(opened).toEqual([unknown]);
  });

  test('a ticket still being verified has no seller yet either, and is left out until it passes', () => {
    show(summary({ sellerName: '', type: '数电普票', verifyState: '查验中', netFen: 12_000, taxFen: null, grossFen: null }));
    const row = screen.getByRole('button', { name: '未知销售方 ¥120.00 不计入合计' });
    expect(within(row).getByText('数电普票')).toBeTruthy();
  });

  test('a verified ticket: its seller and 价税合计, counted', () => {
    show(summary());
    const row = screen.getByRole('button', { name: '杭州优税通科技有限公司 ¥1,060.00' });
    expect(within(row).getByText('查验通过')).toBeTruthy();
    expect(within(row).queryByText('未知销售方')).toBeNull();
  });
});
