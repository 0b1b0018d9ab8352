/**
 * What the splat route shows: "模块暂不可用" when the path belongs to a remote that could not be loaded (or the
 * registry itself could not be read), otherwise not-found.
 */
import { useLocation, useNavigate } from 'react-router-dom';
import { useRemoteRegistry } from '../../remotes/registry-context';
import { RemoteUnavailable } from '../../features/remote-unavailable/RemoteUnavailable';
import { NotFoundPage } from '../../features/not-found/NotFoundPage';

export function FallbackPage() {
  const registry = useRemoteRegistry();
  const location = useLocation();
  const navigate = useNavigate();
  const owner = registry.ownerOf(location.pathname);
  const reason = owner ? registry.unavailableReason(owner) : registry.isEmpty() ? '无法读取模块清单 /remotes.json' : undefined;
  if (reason === undefined) return <NotFoundPage />;
  async function retry() {
    if (owner) await registry.reset(owner);
    else await registry.refresh();
    await navigate(location, { replace: true });
    const stillOwner = registry.ownerOf(location.pathname);
    return stillOwner !== undefined && registry.unavailableReason(stillOwner) === undefined;
  }
  return <RemoteUnavailable reason={reason} onRetry={retry} />;
}
