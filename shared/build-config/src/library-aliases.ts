/** The production files of a few libraries, for builds to take instead of the ones their packages name. */
import { join } from 'node:path';
import { packageDirFrom } from './package-json';

/**
 * Library files that a production build should take instead of the ones their packages name:
 * - antd-mobile's ES modules import a few of rc-util's CommonJS files (`rc-util/lib/…`), which bring CommonJS copies
 *   of Babel's helpers beside the ES ones every other module uses, into the host's start-up;
 *   rc-util's `es/` folder has the same modules.
 * - react-router 7's package exports name only its development build (remix-run/react-router#12532), which warns in
 *   the console; its production build differs only in that.
 */
export function libraryAliases(appDir: string): Record<string, string> {
  const aliases: Record<string, string> = {};
  const ui = packageDirFrom(appDir, '@app/ui');
  const antd = ui ? packageDirFrom(ui, 'antd-mobile') : null;
  const rcUtil = antd ? packageDirFrom(antd, 'rc-util') : null;
  if (rcUtil) aliases['rc-util/lib'] = join(rcUtil, 'es');
  const routerDom = packageDirFrom(appDir, 'react-router-dom');
  const router = routerDom ? packageDirFrom(routerDom, 'react-router') : null;
  if (router) {
    aliases['react-router$'] = join(router, 'dist/production/index.mjs');
    aliases['react-router/dom$'] = join(router, 'dist/production/dom-export.mjs');
  }
  return aliases;
}
