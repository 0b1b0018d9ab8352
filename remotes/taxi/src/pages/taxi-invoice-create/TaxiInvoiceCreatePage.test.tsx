import { afterEach, describe, expect, test } from '@rstest/core';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Title } from '@app/domain/invoice-title';
import { appPaths } from '@app/host-sdk/paths';
import { pageMeta } from '@app/host-sdk/route-meta';
import { ok, renderPage, taxAccount, type Route } from '@app/host-sdk/testing';
import { TAXI_MANAGER, trip } from '../../test-support/fixtures';
import TaxiInvoiceCreatePage from './TaxiInvoiceCreatePage';

afterEach(cleanup);

const BUYER = {
  name: '杭州西湖文化传媒有限公司',
  taxNumber: '91110000802100433B',
  address: '杭州市西湖区曙光路 120 号',
  phone: '0571-86001234',
  bankName: '',
  bankAccount: '',
  naturalPerson: false,
};
const ASKED = trip({
  id: 'trip-a',
  state: '待开票',
  passengerName: '乘客小张',
  invoiceBuyer: BUYER,
  deliverPhone: '13912345678',
  deliverEmail: 'zhang@rider.test',
  fromPlace: '杭州东站',
  toPlace: '西湖文化广场',
  fareFen: 4_650,
});
const SAME_PASSENGER = trip({
  id: 'trip-b',
  state: '已领取',
  passengerName: '乘客小张',
  fromPlace: '西湖文化广场',
  toPlace: '萧山机场',
  fareFen: 12_000,
  distanceMetres: 30_000,
});
const OTHER_PASSENGER = trip({
  id: 'trip-c',
  state: '已领取',
  passengerName: '乘客老李',
  deliverPhone: '',
  deliverEmail: '',
  fromPlace: '城站',
  toPlace: '滨江',
});
const TITLE: Title = {
  id: 'title-1',
  kind: '企业',
  name: '杭州滨江网络科技有限公司',
  taxNumber: '91110108MA01C2QK3D',
  address: '',
  phone: '',
  bankName: '',
  bankAccount: '',
  email: 'finance@binjiang.test',
  isDefault: true,
  createdAt: '2025-01-01T00:00:00.000Z',
};
const READY = ok(taxAccount({ loginState: '已登录', scanFaceState: '已认证' }));

function open(calls: Record<string, Route> = {}) {
  return renderPage(<TaxiInvoiceCreatePage />, {
    url: '/invoice/taxi/create',
    meta: pageMeta('TaxiInvoiceCreate', '出租车发票'),
    user: TAXI_MANAGER,
    calls: {
      'taxiTrip/queryTrips': (body) =>
        ok({
          total: 0,
          totals: { trips: 0, fareFen: 0, distanceMetres: 0 },
          list: body.state === '待开票' ? [ASKED] : [SAME_PASSENGER, OTHER_PASSENGER],
        }),
      'taxAccount/getTaxAccount': READY,
      'taxiInvoice/create': ok({ taskId: 'task-9', invoiceId: 'invoice-9' }),
      'title/list': ok({ total: 1, list: [TITLE] }),
      ...calls,
    },
  });
}

const box = (route: string) => {
  const labelled = screen.getByLabelText(`选择 ${route}`);
  return (labelled instanceof HTMLInputElement ? labelled : labelled.querySelector('input')) as HTMLInputElement;
};
const inputOf = (label: string) =>
  within(
    screen.getByText(label, { selector: '.adm-form-item-label, .adm-form-item-label *' }).closest('.adm-form-item') as HTMLElement,
  ).getByRole('textbox') as HTMLInputElement;

describe('TaxiInvoiceCreatePage', () => {
  test('trips asking for an invoice first; one passenger only; the buyer from their request; lines and total; sent with a serial, then the task', async () => {
    const { api, url } = open();
    await screen.findByLabelText('选择 杭州东站 → 西湖文化广场');
    const order = Array.from(screen.getByRole('group', { name: '待开票行程' }).querySelectorAll('[aria-label^="选择 "]')).map((input) =>
      input.getAttribute('aria-label'),
    );
    expect(order).toEqual(['选择 杭州东站 → 西湖文化广场', '选择 西湖文化广场 → 萧山机场', '选择 城站 → 滨江']);
    expect(api.bodiesOf('taxiTrip/queryTrips')).toEqual([
      { state: '待开票', pageSize: 100, page: 1 },
      { state: '已领取', pageSize: 100, page: 1 },
    ]);

    fireEvent.click(box('杭州东站 → 西湖文化广场'));
    await waitFor(() => expect(inputOf('名称').value).toBe(BUYER.name));
    expect(inputOf('税号').value).toBe(BUYER.taxNumber);
    // Another passenger's trip can no longer be chosen; the same passenger's can.
    expect(box('城站 → 滨江').disabled).toBe(true);
    expect(box('西湖文化广场 → 萧山机场').disabled).toBe(false);
    fireEvent.click(box('西湖文化广场 → 萧山机场'));
    const lines = await screen.findByLabelText('开票明细');
    expect(within(lines).getByText('开票明细（2 行）')).toBeTruthy();
    expect(within(lines).getByText('¥166.50')).toBeTruthy();
    expect(within(lines).getByText(/30 公里/)).toBeTruthy();
    // Sent where the passenger asked, as the page says.
    expect(screen.getByText('开具后发送至邮箱 zhang@rider.test、手机 13912345678')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '开具发票' }));
    await waitFor(() => expect(url()).toBe(`${appPaths.invoiceTaskDetail}?id=task-9`));
    const [sent] = api.bodiesOf('taxiInvoice/create') as Record<string, unknown>[];
    expect(sent).toMatchObject({
      tripIds: ['trip-a', 'trip-b'],
      buyer: BUYER,
      deliverPhone: '13912345678',
      deliverEmail: 'zhang@rider.test',
    });
    expect(String(sent?.requestSerial)).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });

  test('a passenger who left no address: the page says so; a title the company picks brings its e-mail', async () => {
    const { api } = open();
    fireEvent.click(await screen.findByLabelText('选择 城站 → 滨江'));
    expect(await screen.findByText('乘客未留接收邮箱或手机号，开具后可在发票列表中发送')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '选择抬头' }));
    fireEvent.click(await within(await screen.findByRole('dialog', { name: '选择抬头' })).findByText(TITLE.name));
    await waitFor(() => expect(inputOf('名称').value).toBe(TITLE.name));
    expect(await screen.findByText('开具后发送至邮箱 finance@binjiang.test')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '开具发票' }));
    await waitFor(() => expect(api.bodiesOf('taxiInvoice/create')).toHaveLength(1));
    const [sent] = api.bodiesOf('taxiInvoice/create') as Record<string, unknown>[];
    expect(sent).toMatchObject({ tripIds: ['trip-c'], deliverEmail: TITLE.email });
    expect(sent).not.toHaveProperty('deliverPhone');
  });

  test('an address the server would refuse is neither shown nor sent; the rest still is', async () => {
    const { api } = open({
      'taxiTrip/queryTrips': (body) =>
        ok({
          total: 0,
          totals: { trips: 0, fareFen: 0, distanceMetres: 0 },
          list: body.state === '待开票' ? [{ ...ASKED, deliverEmail: 'zhang@', deliverPhone: '13912345678' }] : [],
        }),
    });
    fireEvent.click(await screen.findByLabelText('选择 杭州东站 → 西湖文化广场'));
    expect(await screen.findByText('开具后发送至手机 13912345678')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '开具发票' }));
    await waitFor(() => expect(api.bodiesOf('taxiInvoice/create')).toHaveLength(1));
    const [sent] = api.bodiesOf('taxiInvoice/create') as Record<string, unknown>[];
    expect(sent).toMatchObject({ deliverPhone: '13912345678' });
    expect(sent).not.toHaveProperty('deliverEmail');
  });

  test('unticking the last trip frees the other passengers’ trips', async () => {
    open();
    fireEvent.click(await screen.findByLabelText('选择 城站 → 滨江'));
    await waitFor(() => expect(box('杭州东站 → 西湖文化广场').disabled).toBe(true));
    fireEvent.click(box('城站 → 滨江'));
    await waitFor(() => expect(box('杭州东站 → 西湖文化广场').disabled).toBe(false));
  });

  test('not logged in at the tax bureau: the host’s 登录授权 opens and, given up, nothing is sent', async () => {
    const { api } = open({ 'taxAccount/getTaxAccount': ok(taxAccount()) });
    fireEvent.click(await screen.findByLabelText('选择 杭州东站 → 西湖文化广场'));
    await waitFor(() => expect(inputOf('名称').value).toBe(BUYER.name));
    fireEvent.click(screen.getByRole('button', { name: '开具发票' }));
    const login = await screen.findByRole('dialog', { name: '登录授权' });
    await within(login).findByText('短信授权');
    fireEvent.click(document.querySelector('.adm-center-popup-close') as Element);
    await waitFor(() => expect(screen.getByRole('button', { name: '开具发票' }).hasAttribute('disabled')).toBe(false));
    expect(api.bodiesOf('taxiInvoice/create')).toEqual([]);
  });

  test('logged in but not authenticated today: 刷脸认证 opens first', async () => {
    const { api } = open({ 'taxAccount/getTaxAccount': ok(taxAccount({ loginState: '已登录' })) });
    fireEvent.click(await screen.findByLabelText('选择 杭州东站 → 西湖文化广场'));
    await waitFor(() => expect(inputOf('名称').value).toBe(BUYER.name));
    fireEvent.click(screen.getByRole('button', { name: '开具发票' }));
    expect(await screen.findByRole('dialog', { name: '刷脸认证' })).toBeTruthy();
    expect(api.bodiesOf('taxiInvoice/create')).toEqual([]);
  });

  test('a company buyer needs its tax number', async () => {
    const { api } = open();
    fireEvent.click(await screen.findByLabelText('选择 城站 → 滨江'));
    fireEvent.click(screen.getByText('企业', { selector: '.adm-selector-item, .adm-selector-item *' }));
    fireEvent.change(inputOf('名称'), { target: { value: '某某公司' } });
    fireEvent.click(screen.getByRole('button', { name: '开具发票' }));
    expect(await screen.findByText('请填写纳税人识别号')).toBeTruthy();
    expect(api.bodiesOf('taxiInvoice/create')).toEqual([]);
  });
});
