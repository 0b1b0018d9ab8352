import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { Provider } from 'jotai';
import { setupUi } from '@app/ui/setup';
import { sessionStore } from '@app/host-sdk/session';
import { loadRemoteRegistry } from './remotes/remote-registry';
import { RemoteRegistryContext } from './remotes/registry-context';
import { createAppRouter } from './router/create-app-router';

async function bootstrap() {
  setupUi();
  const registry = await loadRemoteRegistry();
  const router = createAppRouter(registry);
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing');
  createRoot(container).render(
    <StrictMode>
      <Provider store={sessionStore}>
        <RemoteRegistryContext.Provider value={registry}>
          <RouterProvider router={router} />
        </RemoteRegistryContext.Provider>
      </Provider>
    </StrictMode>,
  );
}

void bootstrap();
