/**
 * A file of the host's start-up that fails to load before the app is there: the painted screen (or the shell) says so
 * and offers 刷新 (internal/start-failure.ts); another remote's file, or a failure once the app is up, shows nothing.
 */
import { afterEach, describe, expect, rs, test } from '@rstest/core';
import { START_FAILED_MESSAGE, watchStartFailure } from '../src/internal/start-failure';

let stop: () => void = () => undefined;
const watch = (reload: () => void) => {
  stop = watchStartFailure(window, reload);
};

/** A script of the page whose file failed to load (typed so that the test's DOM does not fetch it). */
function failLoading(src: string) {
  const script = document.createElement('script');
  script.type = 'text/plain';
  script.src = src;
  document.head.append(script);
  script.dispatchEvent(new Event('error'));
}

afterEach(() => {
  stop();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('a start-up that cannot finish', () => {
  test('a host file that fails: the painted screen says so, once, and 刷新 reloads', () => {
    document.body.innerHTML = '<div id="root" data-first-screen><p>票夹</p></div>';
    const reload = rs.fn();
    watch(reload);
    failLoading('/remotes/host/1.24.2/static/js/index.js');
    failLoading('/remotes/host/1.24.2/static/js/lib-react-dom.js');
    const alerts = document.querySelectorAll('#root[data-first-screen] [role="alert"]');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.textContent).toContain(START_FAILED_MESSAGE);
    alerts[0]?.querySelector('button')?.click();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  test('the shell says so too', () => {
    document.body.innerHTML = '<div id="root"><div class="app-shell" aria-busy="true"></div></div>';
    watch(() => undefined);
    failLoading('/static/js/index.js');
    expect(document.querySelector('#root > .app-shell [role="alert"]')?.textContent).toContain('刷新');
  });

  test("another remote's file, another origin's, or any once the app is up: nothing shown", () => {
    document.body.innerHTML = '<div id="root" data-first-screen></div>';
    watch(() => undefined);
    failLoading('/remotes/ticket/1.11.0/remoteEntry.js');
    failLoading('https://res.wx.qq.com/open/js/jweixin-1.6.0.js');
    expect(document.querySelector('[role="alert"]')).toBeNull();
    document.body.innerHTML = '<div id="root"><div class="app-layout"></div></div>';
    failLoading('/remotes/host/1.24.2/static/js/async/page.js');
    expect(document.querySelector('[role="alert"]')).toBeNull();
  });
});
