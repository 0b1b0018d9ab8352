/**
 * Where the session lives in the browser, written once for the modules that keep it (`session`, the sign-in's
 * handover) and for the host page's early calls (`early-calls`), which read it before any of those modules has loaded.
 * Dependency-free, so the early calls' tiny script does not bundle what the session module is built on.
 */

/** Key of the session token in localStorage (docs/product.md, "Constants": stored locally), kept as JSON. */
export const TOKEN_STORAGE_KEY = 'token';
/** Key of the pending sign-in's verifier in localStorage (internal/sign-in-handover.ts). */
export const SIGN_IN_VERIFIER_STORAGE_KEY = 'signInVerifier';
/** The query parameter a sign-in returns with: the one-time code. */
export const SIGN_IN_CODE_PARAMETER = 'signin';
