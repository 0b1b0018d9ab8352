import { afterEach, describe, expect, test } from '@rstest/core';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TaxiInvoice } from '@app/contract/taxi';
import { appPaths } from '@app/host-sdk/paths';
import { pageMeta } from '@app/host-sdk/route-meta';
import { ok, renderPage, taxAccount } from '@app/host-sdk/testing';
import { TAXI_MANAGER, trip } from '../../test-support/fixtures';
import TaxiInvoiceReturnPage from './TaxiInvoiceReturnPage';

afterEach(cleanup);

function taxiInvoice(id: string, status: TaxiInvoice['invoice']['status'], leftFen = 16_650): TaxiInvoice {
  const { id: tripId, licensePlateNumber, startTime, endTime, fromPlace, toPlace, distanceMetres } = trip();
  return {
    invoice: {
      id,
      kind: 'blue',
      type: '数电普票',
      status,
      number: `2633000000000000${id.slice(-4)}`,
      issuedAt: '2026-03-02T02:00:00.000Z',
      netFen: 16_165,
      taxFen: 485,
      grossFen: 16_650,
      leftFen,
      failReason: null,
      taskId: 'task-1',
      createdAt: '2026-03-02T02:00:00.000Z',
      buyerName: '杭州西湖文化传媒有限公司',
      buyerTaxNumber: '91110000802100433B',
    },
    trips: [
      { id: tripId, licensePlateNumber, startTime, endTime, fromPlace, toPlace, distanceMetres, fareFen: 4_650 },
      {
        id: 'trip-2',
        licensePlateNumber,
        startTime,
        endTime,
        fromPlace: '西湖文化广场',
        toPlace: '萧山机场',
        distanceMetres: 30_000,
        fareFen: 12_000,
      },
    ],
  };
}

describe('TaxiInvoiceReturnPage', () => {
  test('choose an invoice, see its trips, pick the reason, confirm: a full reversal task, then its detail', async () => {
    const { api, url } = renderPage(<TaxiInvoiceReturnPage />, {
      url: '/invoice/taxi/return',
      meta: pageMeta('TaxiInvoiceReturn', '出租车发票红冲'),
      user: TAXI_MANAGER,
      calls: {
        'taxiInvoice/list': ok({ total: 2, list: [taxiInvoice('inv-0001', '已开具'), taxiInvoice('inv-0002', '已红冲', 0)] }),
        'taxAccount/getTaxAccount': ok(taxAccount({ loginState: '已登录', scanFaceState: '已认证' })),
        'task/createRedInvoiceTask': ok({ taskId: 'task-red', invoiceId: 'inv-red' }),
      },
    });
    // A reversed one cannot be chosen.
    await screen.findByRole('button', { name: '发票 26330000000000000001' });
    expect(screen.queryByRole('button', { name: '发票 26330000000000000002' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '发票 26330000000000000001' }));

    const trips = await screen.findByLabelText('包含的行程');
    expect(within(trips).getByText('杭州东站 → 西湖文化广场')).toBeTruthy();
    expect(within(trips).getByText('西湖文化广场 → 萧山机场')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /提交红冲/ }));
    expect(await screen.findByText('请选择红冲原因')).toBeTruthy();
    fireEvent.click(screen.getByText('服务中止'));
    fireEvent.click(screen.getByRole('button', { name: /提交红冲/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('全额红冲 ¥166.50，确认提交？')).toBeTruthy();
    fireEvent.click(within(dialog).getByText('提交'));
    await waitFor(() => expect(url()).toBe(`${appPaths.invoiceTaskDetail}?id=task-red`));
    const [sent] = api.bodiesOf('task/createRedInvoiceTask') as Record<string, unknown>[];
    expect(sent).toMatchObject({ blueInvoiceId: 'inv-0001', reason: '03' });
    expect(sent).not.toHaveProperty('lines');
    expect(String(sent?.requestSerial)).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });
});
