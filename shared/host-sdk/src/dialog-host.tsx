/**
 * Renders the open dialog (see dialogs.ts). Each dialog's code loads when it is first opened. The host mounts one
 * DialogHost; a remote's standalone page mounts its own.
 */
import { lazy, Suspense, type ComponentType, useSyncExternalStore } from 'react';
import { useAtomValue } from 'jotai';
import { openDialogAtom, type DialogKind, type DialogProps } from './dialogs';
import { sessionStore } from './session';

const DIALOGS: Record<DialogKind, ComponentType<DialogProps>> = {
  login: lazy(() => import('./dialogs/login/LoginDialog')),
  face: lazy(() => import('./dialogs/face/FaceDialog')),
  agreement: lazy(() => import('./dialogs/agreement/AgreementDialog')),
};

const noChanges = () => () => undefined;

/**
 * False in the server's render and while the browser hydrates what it painted, true from then on: a dialog opened
 * before hydration (the start-up's agreement) is drawn once the painted screen is the app's, not in place of nothing.
 */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
}

export function DialogHost() {
  const open = useAtomValue(openDialogAtom, { store: sessionStore });
  const hydrated = useHydrated();
  if (!open || !hydrated) return null;
  const Dialog = DIALOGS[open.kind];
  return (
    <Suspense fallback={null}>
      <Dialog key={open.kind} onClose={open.close} />
    </Suspense>
  );
}
