/**
 * Called once by the app that owns the page (the host, or a remote's standalone shell): loads antd-mobile's global
 * theme and gives antd-mobile a React 19 renderer. Without the renderer Toast and Dialog silently render nothing,
 * because antd-mobile 5 falls back to ReactDOM.render, which React 19 removed.
 */
import 'antd-mobile/es/global';
import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import { createRoot, type Root } from 'react-dom/client';
import './theme.css';

const roots = new WeakMap<Element | DocumentFragment, Root>();

export function setupUi(): void {
  unstableSetRender((node, container) => {
    let root = roots.get(container);
    if (!root) {
      root = createRoot(container);
      roots.set(container, root);
    }
    root.render(node);
    return async () => {
      await Promise.resolve();
      root.unmount();
      roots.delete(container);
    };
  });
}
