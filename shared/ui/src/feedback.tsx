/**
 * Toast and Dialog on first use: antd-mobile's Toast and Dialog bring their animation and gesture libraries (about
 * 25 KiB gzip), so a page that only may show one (a success toast after submit, a confirmation) calls these instead of
 * importing them, and its first load stays light.
 */
import type { ToastShowProps } from './toast';
import type { DialogAlertProps, DialogConfirmProps } from './dialog';

export const loadToast = () => import('@app/ui/toast').then((module) => module.Toast);
export const loadDialog = () => import('@app/ui/dialog').then((module) => module.Dialog);

export function showToast(props: ToastShowProps | string): void {
  void loadToast().then((toast) => toast.show(props));
}

export async function confirmDialog(props: DialogConfirmProps): Promise<boolean> {
  return (await loadDialog()).confirm(props);
}

export async function alertDialog(props: DialogAlertProps): Promise<void> {
  return (await loadDialog()).alert(props);
}
