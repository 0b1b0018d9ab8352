import { afterEach, beforeEach, describe, expect, rs, test } from '@rstest/core';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { pageMeta } from '@app/host-sdk/route-meta';
import { fail, ok, renderPage, type Route } from '@app/host-sdk/testing';
import { detail, FIXTURE_QR } from '../../test-support/tickets';
import TicketImportImagePage, { NO_QR_MESSAGE } from './TicketImportImagePage';

// happy-dom draws no pictures: the decoder's own test reads the fixture images; here it answers what the page is given.
const decoder = rs.hoisted(() => ({ text: null as string | null, unavailable: false, preloads: 0 }));
rs.mock('../../features/qr-decode/decode-qr', () => {
  class QrReaderUnavailableError extends Error {
    constructor() {
      super('二维码识别组件加载失败，请检查网络后重试');
    }
  }
  return {
    decodeQrImage: rs.fn(async () => {
      if (decoder.unavailable) throw new QrReaderUnavailableError();
      return decoder.text;
    }),
    preloadQrReader: () => void decoder.preloads++,
    UnreadableImageError: class extends Error {},
    QrReaderUnavailableError,
  };
});
beforeEach(() => {
  decoder.unavailable = false;
  decoder.preloads = 0;
});

beforeEach(() => {
  rs.useFakeTimers({ toFake: ['Date'] });
  rs.setSystemTime(new Date('2026-11-25T04:00:00.000Z'));
});
afterEach(() => {
  rs.useRealTimers();
  cleanup();
});

const open = (calls: Record<string, Route> = {}) =>
  renderPage(<TicketImportImagePage />, {
    url: '/ticket/import/image',
    history: ['/ticket/index', '/ticket/import/index'],
    meta: pageMeta('TicketImportImage', '图片导入'),
    calls: { 'ticket/import': ok({ ticket: detail({ id: 'ticket-7', verifyState: '查验中' }), taskId: 'task-7' }), ...calls },
  });

const pick = (name = 'invoice.jpg') =>
  fireEvent.change(screen.getByLabelText('选择发票图片'), { target: { files: [new File(['…'], name, { type: 'image/jpeg' })] } });

describe('TicketImportImagePage', () => {
  test('the QR code of a picture is shown to confirm, then added (source 拍照) and its detail opens', async () => {
    decoder.text = FIXTURE_QR;
    const { api, url } = open();
    pick();
    const found = await screen.findByRole('region', { name: '识别结果' });
    expect(within(found).getByText('数电普票')).toBeTruthy();
    expect(within(found).getByText('26332000000123456789')).toBeTruthy();
    expect(within(found).getByText('2026-11-20')).toBeTruthy();
    expect(within(found).getByText('¥1,234.50')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '加入票夹' }));
    await waitFor(() => expect(url()).toBe('/ticket/detail?id=ticket-7'));
    expect(api.bodiesOf('ticket/import')).toEqual([
      { source: '拍照', type: '数电普票', number: '26332000000123456789', issueDate: '2026-11-20', netFen: 123_450 },
    ]);
  });

  test('a picture without a code, or with one that is not an invoice’s, says so clearly', async () => {
    decoder.text = null;
    const { api } = open();
    pick();
    expect((await screen.findByRole('alert')).textContent).toBe(NO_QR_MESSAGE);
    decoder.text = 'https://example.com/not-an-invoice';
    pick('other.jpg');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('无法识别发票二维码：不是发票二维码'));
    expect(screen.queryByRole('button', { name: '加入票夹' })).toBeNull();
    expect(api.bodiesOf('ticket/import')).toEqual([]);
  });

  test('the reader is fetched while the picture is chosen; when it cannot be, the page says so and not that there is no code', async () => {
    open();
    expect(decoder.preloads).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: '选择图片' }));
    expect(decoder.preloads).toBe(1);
    decoder.unavailable = true;
    pick();
    expect((await screen.findByRole('alert')).textContent).toBe('二维码识别组件加载失败，请检查网络后重试');
  });

  test('an invoice already in the folder stays on the page (the API client says where it is)', async () => {
    decoder.text = FIXTURE_QR;
    const { api, url } = open({ 'ticket/import': fail(2005, '该发票已在票夹中（2026年11月，已报销）') });
    pick();
    fireEvent.click(await screen.findByRole('button', { name: '加入票夹' }));
    await waitFor(() => expect(api.bodiesOf('ticket/import')).toHaveLength(1));
    expect(url()).toBe('/ticket/import/image');
    expect(await screen.findByRole('button', { name: '加入票夹' })).toBeTruthy();
  });
});
