/**
 * Toast and Dialog (with their animation library, ~20 KiB gzip) are loaded the first time something needs them, not
 * with the first page.
 */
export const loadDialog = () => import('@app/ui/dialog').then((module) => module.Dialog);
export const loadToast = () => import('@app/ui/toast').then((module) => module.Toast);
