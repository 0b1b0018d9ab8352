/**
 * A lean page's inline script (`@app/build-config`, pluginInlineScript). Where the server painted the page's first
 * screen, it holds the page's scripts back until that screen is drawn (server/src/releases/after-paint.ts), and this
 * starts them then (`internal/start-after-paint`). A page the server did not paint holds nothing back.
 *
 * A page painted for the session (the ride page: docs/architecture.md, "First screens from the server") also carries
 * the answers the server gave as it wrote it: the config, the sign-in code's exchange where it made it, and, tagged
 * with the session, the user's detail and the page's call. This puts them where the page's own calls take them, as the
 * host page's early calls do; it sends nothing itself (the page's start-up asks whatever is not there). Taps on the
 * painted screen before the page has hydrated it are kept for the page to make again (`painted-taps`).
 */
import { takeCarriedAnswers } from './internal/carried-answers';
import { startAfterPaint } from './internal/start-after-paint';
import { keepPaintedTaps } from './painted-taps';

void takeCarriedAnswers();
keepPaintedTaps();
startAfterPaint();
