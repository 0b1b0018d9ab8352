import { describe, expect, test } from '@rstest/core';
import { drawPoster, loadPosterImages, posterScale, QR_MARGIN, qrModules } from './draw-poster';
import { BRAND_COLOR, POSTER_HEIGHT, POSTER_WIDTH, shopPosterLayout, type PosterSpec } from './drawing-items';
import { fakeContext } from '../../test-support/fake-context';

const LINK = 'https://fapiao.example.cn/t/S8K2QW';

describe('drawPoster', () => {
  test('draws every item in order: background, image, QR code (error correction M, one fill of dark modules), text', () => {
    const logo = { name: 'logo' } as unknown as CanvasImageSource;
    const spec: PosterSpec = {
      width: 300,
      height: 400,
      items: [
        { type: 'background', color: '#1677ff' },
        { type: 'image', src: '/logo.png', x: 10, y: 10, width: 40, height: 40 },
        { type: 'qrcode', text: LINK, x: 30, y: 60 },
        { type: 'text', text: '扫码付款', x: 150, y: 340, font: '600 20px sans-serif', color: '#333333', align: 'center' },
        { type: 'background', color: '#ffffff', x: 20, y: 360, width: 260, height: 30, radius: 8 },
      ],
    };
    const ctx = fakeContext();
    drawPoster(ctx, spec, { scale: 2, images: new Map([['/logo.png', logo]]) });

    const modules = qrModules(LINK);
    const darkCount = Array.from({ length: modules.size * modules.size }, (_, index) =>
      modules.isDark(Math.floor(index / modules.size), index % modules.size),
    ).filter(Boolean).length;
    expect(ctx.calls.map((call) => call.op)).toEqual(['setTransform', 'fillRect', 'drawImage', 'fillRect', 'fill', 'fillText', 'fill']);
    expect(ctx.calls[0]).toEqual({ op: 'setTransform', args: [2, 0, 0, 2, 0, 0] });
    expect(ctx.calls[1]).toEqual({ op: 'fillRect', fill: '#1677ff', args: [0, 0, 300, 400] });
    expect(ctx.calls[2]).toEqual({ op: 'drawImage', image: logo, args: [10, 10, 40, 40] });
    // The QR code's light square is the default 240 (spec §9), then its dark modules in one path.
    expect(ctx.calls[3]).toEqual({ op: 'fillRect', fill: '#ffffff', args: [30, 60, 240, 240] });
    expect(ctx.calls[4]).toEqual({ op: 'fill', fill: '#000000', rects: darkCount, arcs: 0 });
    expect(ctx.calls[5]).toMatchObject({
      op: 'fillText',
      text: '扫码付款',
      fill: '#333333',
      font: '600 20px sans-serif',
      align: 'center',
      baseline: 'middle',
      args: [150, 340],
    });
    expect(ctx.calls[6]).toEqual({ op: 'fill', fill: '#ffffff', rects: 0, arcs: 4 });
  });

  test('an image that did not load is left out; the rest is drawn', () => {
    const ctx = fakeContext();
    drawPoster(
      ctx,
      {
        width: 100,
        height: 100,
        items: [
          { type: 'image', src: '/missing.png', x: 0, y: 0, width: 10, height: 10 },
          { type: 'text', text: 'A', x: 0, y: 0, font: '10px sans-serif', color: '#000', align: 'left' },
        ],
      },
      { scale: 1 },
    );
    expect(ctx.calls.map((call) => call.op)).toEqual(['setTransform', 'fillText']);
  });

  test('QR modules are whole device pixels inside the square, with a light quiet zone', () => {
    const rects: number[][] = [];
    const ctx = fakeContext();
    ctx.rect = (...args: number[]) => void rects.push(args);
    drawPoster(ctx, { width: 400, height: 400, items: [{ type: 'qrcode', text: LINK, x: 100, y: 100, size: 200 }] }, { scale: 3 });
    const size = qrModules(LINK).size;
    const cell = Math.floor((200 * 3) / (size + 2 * QR_MARGIN)) / 3;
    for (const [x, y, width] of rects) {
      expect(width).toBeCloseTo(cell, 9);
      expect(Math.abs(x! * 3 - Math.round(x! * 3))).toBeLessThan(1e-6);
      expect(Math.abs(y! * 3 - Math.round(y! * 3))).toBeLessThan(1e-6);
      expect(x).toBeGreaterThanOrEqual(100 + cell * QR_MARGIN - 1);
      expect(x! + width!).toBeLessThanOrEqual(300 - cell * QR_MARGIN + 1);
    }
  });

  test('loadPosterImages loads each picture once and leaves out the ones that fail', async () => {
    const asked: string[] = [];
    const spec: PosterSpec = {
      width: 10,
      height: 10,
      items: [
        { type: 'image', src: '/a.png', x: 0, y: 0, width: 1, height: 1 },
        { type: 'image', src: '/a.png', x: 2, y: 2, width: 1, height: 1 },
        { type: 'image', src: '/bad.png', x: 0, y: 0, width: 1, height: 1 },
      ],
    };
    const images = await loadPosterImages(spec, async (src) => {
      asked.push(src);
      if (src === '/bad.png') throw new Error('404');
      return { src } as unknown as CanvasImageSource;
    });
    expect(asked).toEqual(['/a.png', '/bad.png']);
    expect([...images.keys()]).toEqual(['/a.png']);
  });

  test('posterScale follows the screen between 1 and 3', () => {
    expect(posterScale(undefined)).toBe(1);
    expect(posterScale(0.5)).toBe(1);
    expect(posterScale(2)).toBe(2);
    expect(posterScale(2.625)).toBe(2.5);
    expect(posterScale(4)).toBe(3);
  });
});

describe('shopPosterLayout', () => {
  test('600 × 900: brand colour, shop name, sub-code name, the white card, the QR code of the link, the caption', () => {
    const spec = shopPosterLayout({ shopName: '上海示例商贸有限公司', subCodeName: '1 号收银台', link: LINK });
    expect(spec.width).toBe(POSTER_WIDTH);
    expect(spec.height).toBe(POSTER_HEIGHT);
    expect(spec.items.map((item) => (item.type === 'text' ? `text:${item.text}` : item.type))).toEqual([
      'background',
      'text:上海示例商贸有限公司',
      'text:1 号收银台',
      'background',
      'qrcode',
      'text:扫码付款 · 开发票',
      'text:付款后可直接申请电子发票',
      'text:请使用微信或支付宝扫一扫',
    ]);
    expect(spec.items[0]).toEqual({ type: 'background', color: BRAND_COLOR });
    expect(spec.items[4]).toEqual({ type: 'qrcode', text: LINK, x: 100, y: 248, size: 400 });
    // Everything stays on the poster.
    for (const item of spec.items) {
      if (item.type === 'qrcode') expect(item.x + (item.size ?? 0)).toBeLessThanOrEqual(POSTER_WIDTH);
      if (item.type === 'text') expect(item.y).toBeLessThan(POSTER_HEIGHT);
    }
  });

  test('the shop code has no sub-code line', () => {
    const spec = shopPosterLayout({ shopName: '上海示例商贸有限公司', link: LINK });
    expect(spec.items.filter((item) => item.type === 'text').map((item) => (item.type === 'text' ? item.text : ''))).not.toContain(
      '1 号收银台',
    );
    expect(spec.items.filter((item) => item.type === 'text')).toHaveLength(4);
  });
});
