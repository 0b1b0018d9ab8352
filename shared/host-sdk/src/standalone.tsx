/**
 * A remote's standalone page for its own team (`pnpm --filter <remote> dev`): the remote's routes in a plain data
 * router, with the UI, the session and the dialogs set up as the host would (sign in on the composed app at :8080 and
 * pass `?token=…` once: the dev server's page is on another origin, which a sign-in cannot return to). The composed
 * app always runs the host instead, which never takes a token from an address; nor does this page in a release build
 * (its page is in the release store, though it cannot start there).
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { Provider } from 'jotai';
import { setupUi } from '@app/ui/setup';
import { DialogHost } from './dialog-host';
import type { RemoteRoute } from './route-meta';
import { getToken, sessionStore, setToken } from './session';
import { loadServicesConfig, loadUserDetail } from './session-loader';

export async function renderStandalone(remoteName: string, routes: RemoteRoute[]): Promise<void> {
  setupUi();
  if (process.env.NODE_ENV !== 'production') {
    const url = new URL(window.location.href);
    const token = url.searchParams.get('token');
    if (token) {
      setToken(token);
      url.searchParams.delete('token');
      window.history.replaceState(window.history.state, '', url);
    }
  }
  await loadServicesConfig().catch(() => undefined);
  if (getToken()) await loadUserDetail().catch(() => undefined);
  const router = createBrowserRouter(
    routes.map((route) => ({
      id: `${remoteName}:${route.meta.name}`,
      path: route.path,
      handle: { meta: route.meta, owner: remoteName },
      lazy: async () => ({ Component: (await route.page()).default }),
    })),
  );
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing');
  createRoot(container).render(
    <StrictMode>
      <Provider store={sessionStore}>
        <RouterProvider router={router} />
        <DialogHost />
      </Provider>
    </StrictMode>,
  );
}
