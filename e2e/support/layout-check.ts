/**
 * What the eye checks on a narrow phone, measured in the DOM of what is shown now (the visible page and any open
 * popup or dialog): a button whose label wraps, a placeholder wider than its field, a number broken across lines, a
 * chart legend that shows placeholders instead of figures, and the look of a tag. Each check returns what it found
 * wrong, described so that a failing test says where; an empty list means the screen passes.
 */
import type { Page } from '@playwright/test';

/** What is on screen: the shown page (visited pages stay mounted but hidden) and whatever floats above it. */
const SHOWN = '.app-layout__page, .adm-popup, .adm-center-popup-wrap, .adm-dialog-wrap, .adm-modal-wrap';

/**
 * Buttons (and what is tapped like one: a tag, a selector's option, a tab) whose label takes more than one line (`登`
 * above `录`). Each text node of the button is measured on its own,
 * so a button laid out as lines on purpose (a list row: its title, then its amount) passes while any of its lines
 * fits on one.
 */
export async function wrappedButtons(page: Page): Promise<string[]> {
  return page.evaluate((shown) => {
    const found: string[] = [];
    const roots = Array.from(document.querySelectorAll<HTMLElement>(shown)).filter((root) => root.checkVisibility());
    const buttons = new Set<HTMLElement>();
    const selector = 'button, [role="button"], .adm-button, .adm-tag, .adm-selector-item, .adm-tabs-tab, .adm-capsule-tabs-tab';
    for (const root of roots) for (const button of Array.from(root.querySelectorAll<HTMLElement>(selector))) buttons.add(button);
    for (const button of buttons) {
      if (!button.checkVisibility()) continue;
      const walker = document.createTreeWalker(button, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent?.trim() ?? '';
        if (!text || !node.parentElement?.checkVisibility()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        // Lines are boxes whose tops lie more than a few pixels apart (boxes of one line differ by a pixel or two).
        const tops = Array.from(range.getClientRects(), (rect) => (rect.width > 0 ? rect.top : null))
          .filter((top): top is number => top !== null)
          .sort((a, b) => a - b);
        const lines = tops.filter((top, index) => index === 0 || top - (tops[index - 1] as number) > 6).length;
        if (lines > 1) found.push(`“${text}” (${lines} 行)`);
      }
    }
    return found;
  }, SHOWN);
}

/**
 * Empty fields whose placeholder is wider than the room for it, measured with a canvas in the placeholder's own font.
 * Text areas are left out: their placeholder wraps by design.
 */
export async function clippedPlaceholders(page: Page): Promise<string[]> {
  return page.evaluate((shown) => {
    const found: string[] = [];
    const canvas = document.createElement('canvas').getContext('2d');
    if (!canvas) return ['no canvas to measure with'];
    for (const root of Array.from(document.querySelectorAll<HTMLElement>(shown)).filter((root) => root.checkVisibility())) {
      for (const input of Array.from(root.querySelectorAll<HTMLInputElement>('input[placeholder]'))) {
        if (!input.placeholder || input.value || !input.checkVisibility()) continue;
        const style = getComputedStyle(input, '::placeholder');
        canvas.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const needed = canvas.measureText(input.placeholder).width;
        const own = getComputedStyle(input);
        const room = input.clientWidth - parseFloat(own.paddingLeft) - parseFloat(own.paddingRight);
        if (needed > room + 0.5) found.push(`“${input.placeholder}” 需要 ${Math.ceil(needed)}px，只有 ${Math.floor(room)}px`);
      }
    }
    return found;
  }, SHOWN);
}

/**
 * Numbers the eye reads as one (an account's 尾号, a tax number, a web address) that are broken across lines, or cut
 * off by a box too narrow for them: the elements marked `data-digits` (@app/widgets/digits) and `extra` selectors a
 * test names.
 */
export async function brokenNumbers(page: Page, extra: string[] = []): Promise<string[]> {
  return page.evaluate(
    ({ shown, selector }) => {
      const found: string[] = [];
      for (const root of Array.from(document.querySelectorAll<HTMLElement>(shown)).filter((root) => root.checkVisibility())) {
        for (const element of Array.from(root.querySelectorAll<HTMLElement>(selector))) {
          if (!element.checkVisibility()) continue;
          const range = document.createRange();
          range.selectNodeContents(element);
          const tops = Array.from(range.getClientRects(), (rect) => (rect.width > 0 ? rect.top : null))
            .filter((top): top is number => top !== null)
            .sort((a, b) => a - b);
          const lines = tops.filter((top, index) => index === 0 || top - (tops[index - 1] as number) > 6).length;
          if (lines > 1) found.push(`“${element.textContent?.trim()}” (${lines} 行)`);
          const own = element.getBoundingClientRect();
          for (let box = element.parentElement; box && box !== root; box = box.parentElement) {
            if (getComputedStyle(box).overflowX === 'visible') continue;
            const room = box.getBoundingClientRect();
            if (own.right > room.right + 0.5 || own.left < room.left - 0.5) found.push(`“${element.textContent?.trim()}” 被截断`);
            break;
          }
        }
      }
      return found;
    },
    { shown: SHOWN, selector: ['[data-digits]', ...extra].join(', ') },
  );
}

/** How many `data-digits` numbers are shown now (so a check of them is known to have looked at some). */
export async function shownNumbers(page: Page): Promise<number> {
  return page.evaluate((shown) => {
    let count = 0;
    for (const root of Array.from(document.querySelectorAll<HTMLElement>(shown)).filter((root) => root.checkVisibility()))
      count += Array.from(root.querySelectorAll<HTMLElement>('[data-digits]')).filter((element) => element.checkVisibility()).length;
    return count;
  }, SHOWN);
}

/** The texts of the shown charts' legends (uPlot's `.u-legend`), one string a legend. */
export async function legendTexts(page: Page): Promise<string[]> {
  return page.evaluate((shown) => {
    const texts: string[] = [];
    for (const root of Array.from(document.querySelectorAll<HTMLElement>(shown)).filter((root) => root.checkVisibility())) {
      for (const legend of Array.from(root.querySelectorAll<HTMLElement>('.u-legend')))
        if (legend.checkVisibility()) texts.push((legend.textContent ?? '').replace(/\s+/g, ' ').trim());
    }
    return texts;
  }, SHOWN);
}

/** The look of a tag: what two tags of the same state must share. */
export interface TagLook {
  text: string;
  color: string;
  background: string;
  border: string;
  fontSize: string;
  padding: string;
  radius: string;
}

/** Every shown tag (antd-mobile's `.adm-tag`) with its computed look. */
export async function tagLooks(page: Page): Promise<TagLook[]> {
  return page.evaluate((shown) => {
    const looks: TagLook[] = [];
    for (const root of Array.from(document.querySelectorAll<HTMLElement>(shown)).filter((root) => root.checkVisibility())) {
      for (const tag of Array.from(root.querySelectorAll<HTMLElement>('.adm-tag'))) {
        if (!tag.checkVisibility()) continue;
        const style = getComputedStyle(tag);
        looks.push({
          text: (tag.textContent ?? '').trim(),
          color: style.color,
          background: style.backgroundColor,
          border: `${style.borderTopWidth} ${style.borderTopStyle} ${style.borderTopColor}`,
          fontSize: style.fontSize,
          padding: `${style.paddingTop} ${style.paddingRight} ${style.paddingBottom} ${style.paddingLeft}`,
          radius: style.borderTopLeftRadius,
        });
      }
    }
    return looks;
  }, SHOWN);
}

/**
 * Once nothing moves: pages fade in (CSS animations) and popups and dialogs slide or fade in (antd-mobile animates them
 * from script, frame by frame), and a half-way frame measures (and looks) wrong. A popup has come to rest when its
 * opacity and transform read the same at two checks in a row.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  await page.waitForFunction(
    () => {
      const moving = '.adm-mask, .adm-popup-body, .adm-center-popup-wrap, .adm-center-popup-body';
      const now = Array.from(document.querySelectorAll<HTMLElement>(moving), (element) => {
        const style = getComputedStyle(element);
        return `${style.opacity} ${style.transform}`;
      }).join('|');
      const state = window as unknown as { layoutCheckLast?: string };
      const still = state.layoutCheckLast === now;
      state.layoutCheckLast = now;
      return still;
    },
    undefined,
    { polling: 100 },
  );
}
