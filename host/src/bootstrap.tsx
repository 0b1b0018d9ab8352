/**
 * Start-up (docs/product.md, "Screens and the host"): take what the address carries for the session out of it at once
 * (a sign-in code's exchange starts; a token is dropped), save the start URL, load the service config (a failure shows
 * 出错了), reload without cache when a newer front version is required, take the registered remotes (the entry has
 * started loading the page's remote: startup-registry.ts), then mount: hydrate the first screen the server painted
 * in the root, once the router has the page, or render into the root. The rules are @app/host-sdk's (`startup`,
 * `page-guard`), which a lean page (`@app/host-sdk/lean-page`) runs too.
 */
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { type DataRouter, RouterProvider } from 'react-router-dom';
import { Provider } from 'jotai';
import { setupUi } from '@app/ui/setup';
import { prefetchApiClient } from '@app/host-sdk/api-client';
import { installErrorCatalogue } from '@app/host-sdk/error-catalogue';
import { takeSessionFromLocation } from '@app/host-sdk/page-guard';
import { sessionStore } from '@app/host-sdk/session';
import { loadStartupConfig, saveStartUrl } from '@app/host-sdk/startup';
import { paintedRoot } from './layout/painted-screen';
import { nextTask } from './next-task';
import { startupRegistry } from './remotes/startup-registry';
import { RemoteRegistryContext } from './remotes/registry-context';
import { createAppRouter } from './router/create-app-router';

async function bootstrap() {
  takeSessionFromLocation();
  saveStartUrl();
  setupUi();
  const [config, registry] = await Promise.all([loadStartupConfig(), startupRegistry()]);
  if (!config) return;

  await nextTask();
  const router = createAppRouter(registry);
  installErrorCatalogue({ navigate: (path) => void router.navigate(path) });
  const painted = paintedRoot();
  const container = painted ?? document.getElementById('root');
  if (!container) throw new Error('#root is missing');
  // The painted screen is hydrated with the page the router has loaded: its first render draws what the server did.
  if (painted) await routerReady(router);
  await nextTask();
  const app = (
    <StrictMode>
      <Provider store={sessionStore}>
        <RemoteRegistryContext.Provider value={registry}>
          <RouterProvider router={router} />
        </RemoteRegistryContext.Provider>
      </Provider>
    </StrictMode>
  );
  // A transition, so React renders (or hydrates) the first screen in slices of a few milliseconds, yielding to the
  // browser between them, instead of in one long task (docs/architecture.md, "One fast first load").
  startTransition(() => {
    if (painted) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
  afterFirstScreen(() => {
    prefetchApiClient();
    import('./reports/load-reports').then(({ reportLoads }) => reportLoads(router, registry)).catch(() => undefined);
  });
}

/** Resolves once the router's first navigation (the page's remote routes, guard and module) is over. */
function routerReady(router: DataRouter): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

/** How long after the page has loaded the first screen is taken as drawn (its calls answered, its content painted). */
const FIRST_SCREEN_SETTLED_MS = 2_000;
/** What tells that the user is about to tap something that may call the server. */
const INTENT_EVENTS = ['pointerdown', 'keydown'] as const;

/**
 * Runs `work` once the first screen is up: at the user's first touch or key after the page has loaded, or, without
 * one, when the browser is idle some time after it. The API client's axios is not part of the first screen (the
 * early answers are), but the first tap that calls the server should not wait for it. Not at `load` itself: a page's
 * content is often painted just after it (its data and its page's files arrive at about the same time), and a
 * prefetch started before that paint shares a phone's network with what the paint waits for (docs/architecture.md,
 * "One fast first load": axios after the first screen).
 */
function afterFirstScreen(work: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    for (const type of INTENT_EVENTS) window.removeEventListener(type, once, true);
    work();
  };
  const whenIdle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(once, { timeout: 2_000 }) : once());
  const loaded = () => {
    for (const type of INTENT_EVENTS) window.addEventListener(type, once, { capture: true, passive: true });
    setTimeout(whenIdle, FIRST_SCREEN_SETTLED_MS);
  };
  if (document.readyState === 'complete') loaded();
  else window.addEventListener('load', loaded, { once: true });
}

void bootstrap();
