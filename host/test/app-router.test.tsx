/**
 * The host's router against a fake Module Federation runtime: route discovery by prefix, the tab bar from route
 * meta, not-found, a remote that cannot be loaded (and its retry), and a page that throws.
 */
import { afterEach, beforeEach, describe, expect, rs, test } from '@rstest/core';
import { useEffect } from 'react';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'jotai';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { pageMeta, type RemoteRoutesModule } from '@app/host-sdk/route-meta';
import { hideTabBar, showTabBar } from '@app/host-sdk/tab-bar';
import { servicesConfigAtom, sessionStore, setToken, userDetailAtom } from '@app/host-sdk/session';
import { servicesConfig } from '@app/host-sdk/testing';
import { RemoteRegistryContext } from '../src/remotes/registry-context';
import { REMOTE_UNAVAILABLE } from '../src/remotes/remote-fallback-plugin';
import { loadRemoteRegistry, RemoteRegistry, type RemoteEntry } from '../src/remotes/remote-registry';
import { createAppRouter } from '../src/router/create-app-router';

const runtime = rs.hoisted(() => ({
  modules: new Map<string, unknown>(),
  loads: [] as string[],
  prepared: [] as string[],
  registered: [] as string[],
}));

rs.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: async (id: string) => {
    runtime.loads.push(id);
    const module = runtime.modules.get(id);
    return module ?? { [REMOTE_UNAVAILABLE]: true, id, reason: 'manifest 404' };
  },
  registerRemotes: (remotes: { name: string }[]) => runtime.registered.push(...remotes.map((r) => r.name)),
}));

const remotes: RemoteEntry[] = [
  { name: 'ticket', version: '1.0.0', entry: '/remotes/ticket/1.0.0/mf-manifest.json', prefixes: ['/ticket/'] },
  { name: 'my', version: '1.0.0', entry: '/remotes/my/1.0.0/mf-manifest.json', prefixes: ['/my', '/my/', '/tools/'] },
];

/** A tab page that hides the tab bar as soon as it mounts, as a page with an autofocused input does. */
function HidesTabBarOnMount() {
  useEffect(() => hideTabBar(), []);
  return <p>输入页面</p>;
}

function Broken(): never {
  throw new Error('render failed');
}

const ticketRoutes: RemoteRoutesModule = {
  routes: [
    {
      path: '/ticket/index',
      meta: pageMeta('TicketIndex', '票夹', { tabBar: true }),
      page: async () => ({ default: () => <p>票夹页面</p> }),
    },
    { path: '/ticket/detail', meta: pageMeta('TicketDetail', '票据详情'), page: async () => ({ default: Broken }) },
    {
      path: '/ticket/prepared',
      meta: pageMeta('TicketPrepared', '准备好的页面'),
      page: async () => ({
        default: () => <p>{runtime.prepared.length ? `已准备：${runtime.prepared.join('、')}` : '未准备'}</p>,
        prepare: async () => {
          // What the page's first screen needs, for the user the guard has loaded.
          runtime.prepared.push(sessionStore.get(userDetailAtom)?.nickname ?? '无人');
        },
      }),
    },
    {
      path: '/ticket/unprepared',
      meta: pageMeta('TicketUnprepared', '准备失败的页面'),
      page: async () => ({
        default: () => <p>不应显示</p>,
        prepare: async () => {
          throw new Error('chunk 404');
        },
      }),
    },
  ],
};
const myRoutes: RemoteRoutesModule = {
  routes: [
    { path: '/my', meta: pageMeta('My', '我的', { tabBar: true }), page: async () => ({ default: () => <p>我的页面</p> }) },
    { path: '/my/company/bind', meta: pageMeta('MyCompanyBind', '绑定企业'), page: async () => ({ default: () => <p>绑定企业页面</p> }) },
    { path: '/my/keyboard', meta: pageMeta('MyKeyboard', '输入', { tabBar: true }), page: async () => ({ default: HidesTabBarOnMount }) },
  ],
};

function renderApp(path: string) {
  const registry = new RemoteRegistry([...remotes]);
  const router = createAppRouter(registry, (routes, options) => createMemoryRouter(routes, { ...options, initialEntries: [path] }));
  render(
    <Provider store={sessionStore}>
      <RemoteRegistryContext.Provider value={registry}>
        <RouterProvider router={router} />
      </RemoteRegistryContext.Provider>
    </Provider>,
  );
  return router;
}

beforeEach(() => {
  // A signed-in company user, so the guard lets pages through and the tab bar shows.
  setToken('tok-abcdefghijklmnopqrstuv');
  sessionStore.set(servicesConfigAtom, servicesConfig());
  sessionStore.set(userDetailAtom, {
    id: 'u1',
    nickname: '李明',
    avatarUrl: null,
    company: true,
    companyUser: true,
    companyInfo: null,
    permissions: ['company_manage', 'company_user_role'],
    account: { username: 'liming', agreed: true, privacyPolicyVersion: '2026-12-01' },
    tester: false,
  });
  runtime.modules.clear();
  runtime.modules.set('ticket/routes', ticketRoutes);
  runtime.modules.set('my/routes', myRoutes);
  runtime.loads.length = 0;
  runtime.registered.length = 0;
  runtime.prepared.length = 0;
  rs.spyOn(console, 'error').mockImplementation(() => {});
  rs.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(JSON.stringify({ ticket: remotes[0] }), { status: 200 }));
});

afterEach(() => {
  cleanup();
  rs.restoreAllMocks();
});

describe('route discovery', () => {
  test("loads the owning remote's routes on first navigation, once, and shows the tab bar from the meta", async () => {
    const router = renderApp('/ticket/index');
    expect(await screen.findByText('票夹页面')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: '底部导航' })).toBeTruthy();
    await act(() => router.navigate('/my'));
    expect(await screen.findByText('我的页面')).toBeTruthy();
    await act(() => router.navigate('/ticket/index'));
    expect(await screen.findByText('票夹页面')).toBeTruthy();
    expect(runtime.loads).toEqual(['ticket/routes', 'my/routes']);
  });

  test('an unknown path, or one its remote does not have, shows not-found', async () => {
    const router = renderApp('/nowhere');
    expect(await screen.findByRole('button', { name: '返回首页' })).toBeTruthy();
    // The page frame sets the title in an effect, after the screen is committed.
    await waitFor(() => expect(document.title).toBe('页面不存在'));
    await act(() => router.navigate('/ticket/nothing-here'));
    expect(await screen.findByRole('button', { name: '返回首页' })).toBeTruthy();
    expect(runtime.loads).toEqual(['ticket/routes']);
  });

  test('/shop/universalBindShop redirects to /my/company/bind', async () => {
    const router = renderApp('/shop/universalBindShop');
    expect(await screen.findByText('绑定企业页面')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/my/company/bind');
  });
});

describe('the page frame', () => {
  const frameOf = (text: string) => screen.getByText(text).closest('.app-layout__page');

  test('the page a load opens on shows at once, with no fade; later pages fade in, the first one too when shown again', async () => {
    const router = renderApp('/ticket/index');
    expect(await screen.findByText('票夹页面')).toBeTruthy();
    expect(frameOf('票夹页面')?.classList.contains('app-layout__page--first')).toBe(true);
    await act(() => router.navigate('/my'));
    expect(await screen.findByText('我的页面')).toBeTruthy();
    expect(frameOf('我的页面')?.classList.contains('app-layout__page--first')).toBe(false);
    await act(() => router.navigate('/ticket/index'));
    expect(frameOf('票夹页面')?.classList.contains('app-layout__page--first')).toBe(false);
  });
});

describe('a screen the server painted (docs/architecture.md, "First screens from the server")', () => {
  test("once the load's first page is the app's, the mark goes; the tab bar stays still, and a painted form takes input", async () => {
    document.body.insertAdjacentHTML(
      'beforeend',
      '<div id="root" data-first-screen><div class="app-layout"><div class="app-layout__page" inert><p>画好的我的</p></div></div></div>',
    );
    try {
      renderApp('/my');
      expect(await screen.findByText('我的页面')).toBeTruthy();
      expect(document.getElementById('root')?.hasAttribute('data-first-screen')).toBe(false);
      expect(document.querySelector('.app-tab-bar')?.classList.contains('app-tab-bar--still')).toBe(true);
      await waitFor(() => expect(screen.getByText('我的页面').closest('[inert]')).toBeNull());
    } finally {
      document.getElementById('root')?.remove();
    }
  });

  test('without one, the tab bar slides up as ever', async () => {
    renderApp('/my');
    expect(await screen.findByText('我的页面')).toBeTruthy();
    expect(document.querySelector('.app-tab-bar')?.classList.contains('app-tab-bar--still')).toBe(false);
  });
});

describe('a page module\'s prepare (docs/architecture.md, "One fast first load")', () => {
  test('runs once the guard has loaded the user, and the page first shows with what it prepared', async () => {
    renderApp('/ticket/prepared');
    expect(await screen.findByText('已准备：李明')).toBeTruthy();
    expect(screen.queryByText('未准备')).toBeNull();
  });

  test('a prepare that fails shows 模块暂不可用 for that page only', async () => {
    const router = renderApp('/ticket/unprepared');
    expect(await screen.findByRole('region', { name: '模块暂不可用' })).toBeTruthy();
    expect(screen.queryByText('不应显示')).toBeNull();
    await act(() => router.navigate('/ticket/index'));
    expect(await screen.findByText('票夹页面')).toBeTruthy();
  });
});

describe('the registry written into the page', () => {
  afterEach(() => document.getElementById('live-remotes')?.remove());

  test('is read from the page, once, with no fetch; a later read (a retry) fetches /remotes.json', async () => {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = 'live-remotes';
    block.textContent = JSON.stringify({
      ticket: { version: '1.2.0', entry: '/remotes/ticket/1.2.0/mf-manifest.json', prefixes: ['/ticket/'] },
    });
    document.head.append(block);
    const fetchSpy = rs.mocked(globalThis.fetch);
    fetchSpy.mockClear();

    const registry = await loadRemoteRegistry();
    expect(registry.get('ticket')?.version).toBe('1.2.0');
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(document.getElementById('live-remotes')).toBeNull();

    await registry.reset('ticket');
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(String(fetchSpy.mock.calls[0]?.[0])).toMatch(/^\/remotes\.json\?t=\d+$/);
  });

  test('a page without it, or with a broken one, fetches /remotes.json', async () => {
    const fetchSpy = rs.mocked(globalThis.fetch);
    fetchSpy.mockClear();
    expect((await loadRemoteRegistry()).get('ticket')?.version).toBe('1.0.0');
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = 'live-remotes';
    block.textContent = '{ not json';
    document.head.append(block);
    expect((await loadRemoteRegistry()).get('ticket')?.version).toBe('1.0.0');
    expect(fetchSpy).toHaveBeenCalledTimes(2);
  });

  test("preloadPageFor starts loading the routes of the page's remote and its page module, and nothing for the host's pages", async () => {
    const pageLoads: string[] = [];
    const tracked: RemoteRoutesModule = {
      routes: ticketRoutes.routes.map((route) => ({
        ...route,
        page: () => {
          pageLoads.push(route.path);
          return route.page();
        },
      })),
    };
    runtime.modules.set('ticket/routes', tracked);
    const registry = new RemoteRegistry([...remotes]);
    registry.preloadPageFor('/login');
    registry.preloadPageFor('/nowhere');
    expect(runtime.loads).toEqual([]);
    registry.preloadPageFor('/ticket/index');
    await registry.loadRoutes('ticket');
    // Asked for in a task after the one the routes arrived in (their evaluation and the page's requests are two tasks).
    expect(pageLoads).toEqual([]);
    await expect.poll(() => pageLoads).toEqual(['/ticket/index']);
    expect(runtime.loads).toEqual(['ticket/routes']);
  });

  test('preloadPageFor lets a page module that fails go (the router shows it when its own load fails)', async () => {
    let tries = 0;
    const failing: RemoteRoutesModule = {
      routes: [
        {
          path: '/ticket/index',
          meta: pageMeta('TicketIndex', '票夹', { tabBar: true }),
          page: () => {
            tries++;
            return Promise.reject(new Error('chunk 404'));
          },
        },
      ],
    };
    runtime.modules.set('ticket/routes', failing);
    const registry = new RemoteRegistry([...remotes]);
    // An unhandled rejection here would fail the run.
    registry.preloadPageFor('/ticket/index');
    expect(await registry.loadRoutes('ticket')).toMatchObject({ ok: true });
    await expect.poll(() => tries).toBe(1);
    expect(registry.unavailableReason('ticket')).toBeUndefined();
  });
});

describe('a remote that cannot be loaded', () => {
  test('shows 模块暂不可用 for that remote only, and retry recovers once it is back', async () => {
    runtime.modules.delete('ticket/routes');
    const router = renderApp('/ticket/index');
    expect(await screen.findByRole('region', { name: '模块暂不可用' })).toBeTruthy();

    await act(() => router.navigate('/my'));
    expect(await screen.findByText('我的页面')).toBeTruthy();

    await act(() => router.navigate('/ticket/index'));
    await screen.findByRole('button', { name: '重试' });
    runtime.modules.set('ticket/routes', ticketRoutes);
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('票夹页面')).toBeTruthy();
    expect(runtime.registered).toContain('ticket');
  });

  test('a page that throws shows 模块暂不可用 in its own route; other pages keep working', async () => {
    const router = renderApp('/ticket/detail');
    expect(await screen.findByRole('region', { name: '模块暂不可用' })).toBeTruthy();
    await act(() => router.navigate('/ticket/index'));
    expect(await screen.findByText('票夹页面')).toBeTruthy();
  });
});

describe('tab bar events', () => {
  test('a page can hide the tab bar on a tab page, or show it on another page, until the next navigation', async () => {
    const router = renderApp('/ticket/index');
    expect(await screen.findByText('票夹页面')).toBeTruthy();
    const nav = () => screen.queryByRole('navigation', { name: '底部导航' });
    expect(nav()).toBeTruthy();
    act(() => hideTabBar());
    // The page's text is in the DOM as soon as the router's update commits; the layout subscribes to the override in
    // that commit's passive effects, which a busy machine runs later: it then catches up on the hide.
    await waitFor(() => expect(nav()).toBeNull());
    await act(() => router.navigate('/my/company/bind'));
    expect(await screen.findByText('绑定企业页面')).toBeTruthy();
    expect(nav()).toBeNull();
    act(() => showTabBar());
    expect(nav()).toBeTruthy();
    await act(() => router.navigate('/my'));
    expect(await screen.findByText('我的页面')).toBeTruthy();
    expect(nav()).toBeTruthy();
  });

  test("a page that hides it in its own mount effect keeps it hidden: the layout's reset comes first", async () => {
    const router = renderApp('/my');
    expect(await screen.findByText('我的页面')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: '底部导航' })).toBeTruthy();
    await act(() => router.navigate('/my/keyboard'));
    expect(await screen.findByText('输入页面')).toBeTruthy();
    // The page hides it in its mount effect, which runs after the commit that shows its text (later on a busy machine).
    await waitFor(() => expect(screen.queryByRole('navigation', { name: '底部导航' })).toBeNull());
  });

  test('only company users see it', async () => {
    sessionStore.set(userDetailAtom, {
      id: 'u2',
      nickname: '张晓',
      avatarUrl: null,
      company: false,
      companyUser: false,
      companyInfo: null,
      permissions: [],
      account: { username: null, agreed: false, privacyPolicyVersion: null },
      tester: false,
    });
    renderApp('/ticket/index');
    expect(await screen.findByText('票夹页面')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: '底部导航' })).toBeNull();
  });
});
