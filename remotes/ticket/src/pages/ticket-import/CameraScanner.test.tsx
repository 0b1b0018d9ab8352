import { afterEach, describe, expect, rs, test } from '@rstest/core';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { pageMeta } from '@app/host-sdk/route-meta';
import { renderPage } from '@app/host-sdk/testing';
import { FIXTURE_QR } from '../../test-support/tickets';
import TicketImportPage from './TicketImportPage';

// happy-dom plays no video: a frame "has" pixels, and the decoder answers the fixture's code on the third frame.
const frames = rs.hoisted(() => ({ read: 0, unavailable: false }));
rs.mock('../../features/qr-decode/decode-qr', () => ({
  pixelsOf: rs.fn(() => ({ data: new Uint8ClampedArray(4), width: 1, height: 1 })),
  decodeQrPixels: rs.fn(async () => {
    if (frames.unavailable) throw new Error('二维码识别组件加载失败，请检查网络后重试');
    return ++frames.read >= 3 ? FIXTURE_QR : null;
  }),
}));

const mediaDevices = Object.getOwnPropertyDescriptor(navigator, 'mediaDevices');
afterEach(() => {
  if (mediaDevices) Object.defineProperty(navigator, 'mediaDevices', mediaDevices);
  else delete (navigator as { mediaDevices?: unknown }).mediaDevices;
  cleanup();
});

function camera(getUserMedia: () => Promise<unknown>) {
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
}

const open = () => renderPage(<TicketImportPage />, { url: '/ticket/import/index', meta: pageMeta('TicketImport', '导入发票') });

/** A rear camera whose frames have pixels; `stop` is its track's. */
function openableCamera(stop: () => void) {
  const stream = new MediaStream();
  stream.getTracks = () => [{ stop } as unknown as MediaStreamTrack];
  camera(async () => stream);
  Object.defineProperty(HTMLMediaElement.prototype, 'play', { value: async () => undefined, configurable: true });
  Object.defineProperty(HTMLVideoElement.prototype, 'videoWidth', { get: () => 640, configurable: true });
  Object.defineProperty(HTMLVideoElement.prototype, 'videoHeight', { get: () => 480, configurable: true });
}
afterEach(() => {
  delete (HTMLVideoElement.prototype as { videoWidth?: number }).videoWidth;
  delete (HTMLVideoElement.prototype as { videoHeight?: number }).videoHeight;
  frames.unavailable = false;
});

describe('CameraScanner (扫码 outside WeChat)', () => {
  test('the rear camera is read frame by frame until a code is found; then it is turned off and the code’s fields shown', async () => {
    const stop = rs.fn();
    openableCamera(stop);
    open();
    fireEvent.click(screen.getByRole('button', { name: /^扫码/ }));
    expect(await screen.findByRole('dialog', { name: '扫描发票二维码' })).toBeTruthy();
    const found = await screen.findByRole('region', { name: '识别结果' }, { timeout: 10_000 });
    expect(within(found).getByText('26332000000123456789')).toBeTruthy();
    expect(frames.read).toBe(3);
    expect(stop).toHaveBeenCalled();
  });

  test('a QR reader that cannot be fetched says so and turns the camera off', async () => {
    frames.unavailable = true;
    const stop = rs.fn();
    openableCamera(stop);
    open();
    fireEvent.click(screen.getByRole('button', { name: /^扫码/ }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('二维码识别组件加载失败，请检查网络后重试'));
    expect(stop).toHaveBeenCalled();
  });

  test('a camera that cannot be opened says why', async () => {
    camera(async () => {
      throw new Error('NotAllowedError');
    });
    open();
    fireEvent.click(screen.getByRole('button', { name: /^扫码/ }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('无法打开摄像头，请允许使用摄像头，或改用图片导入。'));
  });
});
