/**
 * A lean page's inline script (`@app/build-config`, pluginInlineScript): where the server painted the page's first
 * screen, it holds the page's scripts back until that screen is drawn (server/src/releases/after-paint.ts), and this
 * starts them then (`internal/start-after-paint`). A page the server did not paint holds nothing back.
 */
import { startAfterPaint } from './internal/start-after-paint';

startAfterPaint();
