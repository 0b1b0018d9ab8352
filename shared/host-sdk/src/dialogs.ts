/**
 * The host's dialogs, opened from anywhere (host or remote): 登录授权, 刷脸认证 and the agreement gate. The
 * `<DialogHost>` of the page renders whichever is open; each opener resolves when its dialog closes.
 */
import { atom } from 'jotai';
import { isFaceAuthenticated, isTaxLoggedIn } from './roles';
import { sessionStore } from './session';
import { refreshTaxAccount } from './session-loader';

export type DialogKind = 'login' | 'face' | 'agreement';

export interface OpenDialog {
  kind: DialogKind;
  /** Called by the dialog when it closes: true when its goal was reached (logged in, authenticated, agreed). */
  close(done: boolean): void;
}

export const openDialogAtom = atom<OpenDialog | null>(null);

/** What every dialog the DialogHost renders is given. */
export interface DialogProps {
  /** Closes the dialog; `done` says whether its goal was reached. */
  onClose(done: boolean): void;
}

function open(kind: DialogKind): Promise<boolean> {
  return new Promise((resolve) => {
    sessionStore.get(openDialogAtom)?.close(false);
    sessionStore.set(openDialogAtom, {
      kind,
      close: (done) => {
        if (sessionStore.get(openDialogAtom)?.kind === kind) sessionStore.set(openDialogAtom, null);
        resolve(done);
      },
    });
  });
}

/** 登录授权: resolves true once the company is logged in to the tax bureau. */
export function openLoginDialog(): Promise<boolean> {
  return open('login');
}

/** 刷脸认证: resolves true once today's face authentication is done. */
export function openFaceDialog(): Promise<boolean> {
  return open('face');
}

/** 用户需知: resolves true once the user agreed to the authorisation agreement. */
export function openAgreementDialog(): Promise<boolean> {
  return open('agreement');
}

/**
 * Makes sure the company can act at the tax bureau: opens the login dialog if it is not logged in, then the face
 * dialog if it has not authenticated today. Resolves true when both are done, false when the user gave up. Judged by
 * the account as the server has it now: the one loaded at start-up may be stale (a login expires, the face
 * authentication lasts the day, another user of the company may have logged in).
 */
export async function ensureTaxReady(): Promise<boolean> {
  let account = await refreshTaxAccount();
  if (!isTaxLoggedIn(account)) {
    if (!(await openLoginDialog())) return false;
    account = await refreshTaxAccount();
  }
  if (!isFaceAuthenticated(account)) {
    if (!(await openFaceDialog())) return false;
    account = await refreshTaxAccount();
  }
  return isTaxLoggedIn(account) && isFaceAuthenticated(account);
}
