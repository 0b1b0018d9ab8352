/**
 * The router hooks and components a remote may use. The host owns the one router; remotes import these from here,
 * never from react-router-dom, so there is one router context and the host's copy stays tree-shaken.
 */
import { useMatches } from 'react-router-dom';
import { isRouteHandle, type RouteMeta } from './route-meta';

export {
  Link,
  Navigate,
  useLocation,
  useMatches,
  useNavigate,
  useNavigation,
  useParams,
  useRouteError,
  useSearchParams,
} from 'react-router-dom';
export type { Location, NavigateFunction, NavigateOptions, To } from 'react-router-dom';

/** The meta of the current page (the deepest matched route that has one). */
export function useRouteMeta(): RouteMeta | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle;
    if (isRouteHandle(handle)) return handle.meta;
  }
  return undefined;
}
