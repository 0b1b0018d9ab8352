/**
 * Start-up (docs/product.md, "Screens and the host"): take what the address carries for the session out of it at once
 * (a sign-in code's exchange starts; a token is dropped), save the start URL, load the service config (a failure shows
 * 出错了), reload without cache when a newer front version is required, take the registered remotes (the entry has
 * started loading the page's remote: startup-registry.ts), then mount. The rules are @app/host-sdk's (`startup`, `page-guard`), which a lean page
 * (`@app/host-sdk/lean-page`) runs too.
 */
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { Provider } from 'jotai';
import { setupUi } from '@app/ui/setup';
import { prefetchApiClient } from '@app/host-sdk/api-client';
import { installErrorCatalogue } from '@app/host-sdk/error-catalogue';
import { takeSessionFromLocation } from '@app/host-sdk/page-guard';
import { sessionStore } from '@app/host-sdk/session';
import { loadStartupConfig, saveStartUrl } from '@app/host-sdk/startup';
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
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing');
  await nextTask();
  // A transition, so React renders the first screen in slices of a few milliseconds, yielding to the browser between
  // them, instead of in one long task (docs/architecture.md, "One fast first load").
  startTransition(() => {
    createRoot(container).render(
      <StrictMode>
        <Provider store={sessionStore}>
          <RemoteRegistryContext.Provider value={registry}>
            <RouterProvider router={router} />
          </RemoteRegistryContext.Provider>
        </Provider>
      </StrictMode>,
    );
  });
  afterLoad(prefetchApiClient);
}

/**
 * Runs `work` when the page has loaded (its scripts and their chunks) and the browser is idle: after the first screen.
 * The API client's axios is not part of it (the early answers are), but the first tap that calls the server should
 * not wait for it.
 */
function afterLoad(work: () => void): void {
  const idle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(() => work(), { timeout: 2_000 }) : setTimeout(work, 0));
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

void bootstrap();
