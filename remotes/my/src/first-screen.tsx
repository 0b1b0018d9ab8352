/**
 * The my remote's first-screen build (docs/architecture.md, "First screens from the server"): the server paints 我的
 * (`/my`) with it, for anyone: who is signed in, the company's standing and the menu the user's permissions allow.
 */
import { appPaths } from '@app/host-sdk/paths';
import { tabFirstScreen } from '@app/host-sdk/tab-first-screen-server';
import MyPage from './pages/my/MyPage';
import { MY_META } from './pages/my/my-meta';

export const { render } = tabFirstScreen('my', [{ path: appPaths.my, meta: MY_META, Page: MyPage, paints: () => true }]);
