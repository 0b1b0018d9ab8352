/**
 * What the security report found, as a phone meets it: services-close never leads out of the app whatever its
 * return address says, the Content-Security-Policy is on every page and refuses an injected script, and 退出登录 in
 * 我的 ends the session on the server.
 */
import { expect, test } from '../support/test';
import { as } from '../support/roles';
import { untilTakenOver } from '../support/app';
import { callApi, demoSignIn, keepSessionCookie, SESSION_COOKIE } from '../support/sign-in';

/** Return addresses that a URL parser turns into another site (the report's example and its family). */
const WAYS_OUT = [
  '%2F%09%2Fevil.example',
  '%2F.%2F%2Fevil.example%2Fx',
  '%2F%5Cevil.example',
  '%2F%250A%2Fevil.example',
  '%2F%2FEVIL.example',
  'https%3A%2F%2Fevil.example',
  '%2F%252F%252Fevil.example',
];

test.describe('services-close', () => {
  test.use(as('企业管理员'));

  test('while the service is open it leads back to the page the user came from, and never to another site whatever returnUrl says', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const origin = new URL(baseURL as string).origin;
    const elsewhere: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).origin !== origin) elsewhere.push(request.url());
    });
    await page.goto(`/services-close?returnUrl=${encodeURIComponent('/invoice/list')}`);
    await expect(page).toHaveURL(`${origin}/invoice/list`);

    for (const returnUrl of WAYS_OUT) {
      await page.goto(`/services-close?returnUrl=${returnUrl}`);
      // Home, not the address the attacker wrote.
      await expect(page).toHaveURL(`${origin}/`);
      await expect(page.locator('.adm-nav-bar-title').last()).toHaveText('开票');
    }
    expect(elsewhere).toEqual([]);
  });
});

test.describe('the Content-Security-Policy', () => {
  test.use(as('企业管理员'));

  test('every page is served with it, the app works under it, and a script injected into the page does not run', async ({
    page,
    contentSecurityPolicy,
  }) => {
    const response = await page.goto('/');
    const policy = response?.headers()['content-security-policy'] ?? '';
    // This origin's scripts, and the page's one inline script (its early calls) by its hash: no other inline script;
    // WebAssembly may be compiled (the ticket import's QR reader), eval may not.
    const inline = await page.locator('script[data-early-calls]').textContent();
    const hash = await page.evaluate(
      async (text) => btoa(String.fromCharCode(...new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))))),
      inline ?? '',
    );
    expect(policy).toContain(`script-src 'self' 'wasm-unsafe-eval' 'sha256-${hash}';`);
    expect(policy).not.toContain("'unsafe-eval'");
    expect(policy.match(/'sha256-/g)).toHaveLength(1);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(response?.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin');
    await expect(page.locator('.adm-nav-bar-title').last()).toHaveText('开票');

    const ran = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injected = true';
      document.body.append(script);
      return (window as unknown as { injected?: boolean }).injected ?? false;
    });
    expect(ran).toBe(false);
    await expect.poll(() => contentSecurityPolicy.length).toBeGreaterThan(0);
    // That refusal was the point of this test: it is not one of the app's own.
    contentSecurityPolicy.splice(0);
  });
});

test.describe('退出登录', () => {
  test('ends the session on the server, forgets it here (its cookie too) and shows the sign-in page', async ({
    page,
    context,
    baseURL,
  }) => {
    const token = await demoSignIn(baseURL as string, '企业管理员');
    await keepSessionCookie(context, baseURL as string, token);
    await context.addInitScript((value) => {
      if (!sessionStorage.getItem('signed-in-once')) {
        sessionStorage.setItem('signed-in-once', '1');
        localStorage.setItem('token', JSON.stringify(value));
      }
    }, token);
    await page.goto('/my');
    await expect(page.locator('.my-page__nickname')).toHaveText('李明');
    // The server painted 我的 for the cookie: its buttons answer once the app has taken it over.
    await untilTakenOver(page);
    await page.getByRole('button', { name: '退出登录' }).click();
    await page.locator('.adm-dialog').getByRole('button', { name: '退出' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: '微信授权登录' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBe('null');
    expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain(SESSION_COOKIE);
    await expect(callApi(baseURL as string, 'user/getOfficialAccountLoginUserInfo', {}, token)).rejects.toThrow('登录信息无效');
  });
});
