import { afterEach, expect, test } from '@rstest/core';
import { cleanup, render, screen } from '@testing-library/react';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { QrImage, QR_OPTIONS } from '../src/qr-image';

afterEach(cleanup);

/** Reads the text back out of a QR code PNG data URL, as a phone's scanner would. */
function decode(dataUrl: string): { text: string | null; width: number } {
  const png = PNG.sync.read(Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64'));
  return { text: jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null, width: png.width };
}

test('the image is a PNG a phone scans back to the text, drawn larger than shown so a saved copy stays sharp', async () => {
  render(<QrImage text="https://example.cn/t/ABC123" alt="企业绑定二维码" size={200} />);
  const image = (await screen.findByRole('img', { name: '企业绑定二维码' })) as HTMLImageElement;
  expect(decode(image.src)).toEqual({ text: 'https://example.cn/t/ABC123', width: QR_OPTIONS.width });
  expect(image.dataset.text).toBe('https://example.cn/t/ABC123');
  expect((image.parentElement as HTMLElement).style.width).toBe('200px');
});

test('before its text is known the frame holds a placeholder', () => {
  render(<QrImage text={null} alt="开票二维码" size={240} />);
  expect(screen.getByLabelText('二维码加载中')).toBeTruthy();
  expect(screen.queryByRole('img')).toBeNull();
});

test('a text too long for a QR code says so', async () => {
  render(<QrImage text={'码'.repeat(4000)} alt="开票二维码" size={240} />);
  expect(await screen.findByText('二维码生成失败')).toBeTruthy();
});
