import { afterEach, describe, expect, test } from '@rstest/core';
import { cleanup, screen } from '@testing-library/react';
import { renderPage } from '../../testing';
import { QR_PNG } from '../test-support/qr-png';
import { QrImage } from './QrImage';
import { drawQr } from './use-qr-canvas';

afterEach(cleanup);

/** A canvas that records what is drawn on it. */
function recordingCanvas() {
  const drawn: { fill?: [number, number, number, number]; image?: [number, number, number, number]; smoothing?: boolean } = {};
  const context = {
    fillStyle: '',
    imageSmoothingEnabled: true,
    fillRect: (...rect: [number, number, number, number]) => (drawn.fill = rect),
    drawImage: (_image: unknown, ...box: [number, number, number, number]) => {
      drawn.image = box;
      drawn.smoothing = context.imageSmoothingEnabled;
    },
  };
  const canvas = { width: 0, height: 0, getContext: () => context, toDataURL: () => 'data:image/png;base64,padded' };
  return { canvas: canvas as unknown as HTMLCanvasElement, context, drawn };
}

describe('drawing a QR code for saving', () => {
  test('the login code gets 80 px of white around it, at its own size', () => {
    const { canvas, context, drawn } = recordingCanvas();
    const url = drawQr({ naturalWidth: 200 } as HTMLImageElement, canvas, { padding: 80 });
    expect(url).toBe('data:image/png;base64,padded');
    expect([canvas.width, canvas.height]).toEqual([360, 360]);
    expect(context.fillStyle).toBe('#ffffff');
    expect(drawn.fill).toEqual([0, 0, 360, 360]);
    expect(drawn.image).toEqual([80, 80, 200, 200]);
    expect(drawn.smoothing).toBe(false);
  });

  test('the face code fills a 240 px canvas', () => {
    const { canvas, drawn } = recordingCanvas();
    drawQr({ naturalWidth: 512 } as HTMLImageElement, canvas, { padding: 16, size: 240 });
    expect([canvas.width, canvas.height]).toEqual([240, 240]);
    expect(drawn.image).toEqual([16, 16, 208, 208]);
  });

  test('without a drawing context nothing is drawn', () => {
    const canvas = { width: 0, height: 0, getContext: () => null } as unknown as HTMLCanvasElement;
    expect(drawQr({ naturalWidth: 200 } as HTMLImageElement, canvas, { padding: 80 })).toBeNull();
  });

  test('shows the original image until the drawing is ready', () => {
    renderPage(<QrImage src={QR_PNG} alt="登录二维码" padding={80} />);
    expect(screen.getByAltText('登录二维码').getAttribute('src')).toBe(QR_PNG);
  });
});
