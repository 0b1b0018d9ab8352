/**
 * A remote's standalone page for its own team (`pnpm --filter <remote> dev`): the remote's routes in a plain data
 * router, with the UI set up as the host would. The composed app always runs the host instead.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { Provider } from 'jotai';
import { setupUi } from '@app/ui/setup';
import type { RemoteRoute } from './route-meta';
import { sessionStore } from './session';

export function renderStandalone(remoteName: string, routes: RemoteRoute[]): void {
  setupUi();
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
      </Provider>
    </StrictMode>,
  );
}
