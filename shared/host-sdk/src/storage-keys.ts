/**
 * Where the session lives in the browser, written once for the modules that keep it (`session`, the sign-in's
 * handover) and for the host page's early calls (`early-calls`), which read it before any of those modules has loaded.
 * Dependency-free, so the early calls' tiny script does not bundle what the session module is built on (the contract's
 * values are spelled here, their types checking the spelling).
 */
import type {
  SIGN_IN_VERIFIER_COOKIE as SIGN_IN_VERIFIER_COOKIE_NAME,
  SIGN_IN_VERIFIER_COOKIE_SECONDS as VERIFIER_COOKIE_SECONDS,
} from '@app/contract/first-calls';

/** Key of the session token in localStorage (docs/product.md, "Constants": stored locally), kept as JSON. */
export const TOKEN_STORAGE_KEY = 'token';
/** Key of the pending sign-in's verifier in localStorage (internal/sign-in-handover.ts). */
export const SIGN_IN_VERIFIER_STORAGE_KEY = 'signInVerifier';
/** The cookie that carries the pending sign-in's verifier to the page it returns to, and how long it lasts. */
export const SIGN_IN_VERIFIER_COOKIE: typeof SIGN_IN_VERIFIER_COOKIE_NAME = 'yst_signin_verifier';
export const SIGN_IN_VERIFIER_COOKIE_SECONDS: typeof VERIFIER_COOKIE_SECONDS = 600;
/** The query parameter a sign-in returns with: the one-time code. */
export const SIGN_IN_CODE_PARAMETER = 'signin';
