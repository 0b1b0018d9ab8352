/**
 * A lean page's server build (docs/architecture.md, "First screens from the server"): its remote builds it beside the
 * page's bundle from the same options, and the server loads it from the release the browser gets to paint the first
 * screen into the page. It renders the tree the page's script hydrates (`lean-page-tree.tsx`), from the result of the
 * page's `firstScreen` call and the service config the script's start-up loads.
 */
import { renderToString } from 'react-dom/server';
import type { ApiPath, CallResult } from '@app/contract/api';
import type { LeanFirstScreenModule } from '@app/contract/first-screen';
import type { ServicesConfig } from '@app/contract/service';
import { LeanPageTree, paramsOf, type LeanPageOptions, type PathParams } from './lean-page-tree';
import { servicesConfigAtom, sessionStore } from './session';

export function leanFirstScreen<const P extends string, S, F extends ApiPath>(options: LeanPageOptions<P, S, F>): LeanFirstScreenModule {
  const paramsAt = (pathname: string) => paramsOf(options.path, pathname) as PathParams<P> | null;
  return {
    firstCall(pathname) {
      const params = paramsAt(pathname);
      if (!options.firstScreen || !params) return null;
      const call = { path: options.firstScreen.path, body: options.firstScreen.body(params) as Record<string, unknown> };
      return options.startNeedsSession ? { ...call, session: true } : call;
    },
    render({ pathname, result, config, userAgent }) {
      const params = paramsAt(pathname);
      if (!params) throw new Error(`${pathname} is not ${options.path}`);
      // The badge shows what the script's start-up will have loaded when it hydrates; the config is everyone's.
      sessionStore.set(servicesConfigAtom, config as ServicesConfig);
      return renderToString(
        <LeanPageTree meta={options.meta} owner={options.owner}>
          {options.render(params, undefined, { painted: result as CallResult<F>, userAgent })}
        </LeanPageTree>,
      );
    },
  };
}
