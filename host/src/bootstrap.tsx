/**
 * Start-up (docs/product.md, "Screens and the host"): save the start URL, load the service config (a failure shows 出错了), reload without cache when
 * a newer front version is required, register the remotes, then mount.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { Provider } from 'jotai';
import { setupUi } from '@app/ui/setup';
import type { ApiError } from '@app/host-sdk/api-client';
import { INPUT_URL_STORAGE_KEY, sessionStore } from '@app/host-sdk/session';
import { loadServicesConfig } from '@app/host-sdk/session-loader';
import { reloadForFrontVersion } from './front-version';
import { loadRemoteRegistry } from './remotes/remote-registry';
import { RemoteRegistryContext } from './remotes/registry-context';
import { createAppRouter } from './router/create-app-router';
import { installErrorCatalogue } from './session/error-catalogue';
import { loadDialog } from '@app/ui/feedback';

export const STARTUP_FAILED_MESSAGE = '连接服务器失败,请刷新后重试。';

async function bootstrap() {
  sessionStorage.setItem(INPUT_URL_STORAGE_KEY, window.location.href);
  setupUi();
  const [config, registry] = await Promise.all([loadServicesConfig().catch((error: ApiError) => error), loadRemoteRegistry()]);
  if (config instanceof Error) {
    const dialog = await loadDialog();
    await dialog.alert({ title: '出错了', content: config.errorCode !== null ? config.message : STARTUP_FAILED_MESSAGE, confirmText: '刷新', onConfirm: () => window.location.reload() });
    return;
  }
  if (reloadForFrontVersion(config.frontVersion)) return;

  const router = createAppRouter(registry);
  installErrorCatalogue({ navigate: (path) => void router.navigate(path) });
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
