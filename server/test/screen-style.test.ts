/**
 * The style a painted screen carries (server/src/releases/screen-style.ts): the rules its HTML uses, found once per
 * shape of screen; all of the CSS where they cannot be found.
 */
import { afterEach, describe, expect, rs, test } from '@rstest/core';
import Beasties from 'beasties';
import { ScreenStyles } from '../src/releases/screen-style';

const CSS = [
  ':root{--adm-color-primary:#1677ff}',
  'body{margin:0}',
  '.app-layout{min-height:100vh}',
  '.row{color:var(--adm-color-primary)}',
  '.row:active{opacity:.8}',
  '.row + .row{border-top:1px solid #eee}',
  '@media (min-width:600px){.row{padding:16px}.sheet{width:50%}}',
  '@keyframes shine{from{opacity:.4}to{opacity:1}}',
  '@keyframes spin{to{transform:rotate(1turn)}}',
  '.skeleton{animation:shine 1s infinite}',
  '.sheet{position:fixed}',
  '.invoice-form .adm-input{font-size:17px}',
].join('\n');

const screen = (rows: string[]) =>
  `<div id="root" data-first-screen><div class="app-layout"><div class="skeleton"></div>${rows.map((row) => `<button class="row" aria-label="${row}">${row}</button>`).join('')}</div></div>`;

afterEach(() => {
  rs.restoreAllMocks();
});

describe('the style of a painted screen', () => {
  test('is the rules its HTML uses: its classes, the root’s variables, their media queries, its keyframes; not another screen’s', async () => {
    const style = await new ScreenStyles().styleFor(CSS, screen(['杭州首屏测试有限公司 ¥106.00', '上海票夹有限公司 ¥20.00']));
    for (const kept of [
      ':root{--adm-color-primary:#1677ff}',
      'body{margin:0}',
      '.app-layout{',
      '.row{color:',
      '.row:active',
      '.row+.row',
      '@media (min-width:600px){.row{padding:16px}}',
      '@keyframes shine',
      '.skeleton{',
    ])
      expect(style.replaceAll(' + ', '+')).toContain(kept);
    for (const dropped of ['.sheet', '@keyframes spin', '.invoice-form']) expect(style).not.toContain(dropped);
  });

  test('is found once per shape: other text, amounts and labels in the same elements take what was found', async () => {
    const process = rs.spyOn(Beasties.prototype, 'process');
    const styles = new ScreenStyles();
    const first = await styles.styleFor(CSS, screen(['杭州首屏测试有限公司 ¥106.00']));
    expect(await styles.styleFor(CSS, screen(['上海票夹有限公司 ¥20.00']))).toBe(first);
    expect(process).toHaveBeenCalledTimes(1);
    // Another shape (two rows: `.row + .row` applies) and another style sheet are each found afresh.
    expect(await styles.styleFor(CSS, screen(['甲', '乙']))).toContain('border-top');
    await styles.styleFor(`${CSS}\n.row{margin:0}`, screen(['杭州首屏测试有限公司 ¥106.00']));
    expect(process).toHaveBeenCalledTimes(3);
  });

  test('where the rules cannot be found, the screen carries all of the CSS', async () => {
    rs.spyOn(Beasties.prototype, 'process').mockRejectedValue(new Error('unreadable'));
    expect(await new ScreenStyles().styleFor(CSS, screen(['甲']))).toBe(CSS);
  });
});
