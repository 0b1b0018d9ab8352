/**
 * A tab's first screen painted by the server, in the app's root, marked with the contract's `FIRST_SCREEN_ATTRIBUTE`
 * (docs/architecture.md, "First screens from the server").
 */

/** The root while it holds the screen the server painted, until the app has hydrated it. */
export const PAINTED_ROOT = '#root[data-first-screen]';
/** The root as the server writes it around a painted screen. */
export const PAINTED_ROOT_TAG = '<div id="root" data-first-screen>';
