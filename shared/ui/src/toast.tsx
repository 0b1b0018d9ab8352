/**
 * antd-mobile's Toast, except that a toast's time on screen counts from when it is drawn. antd-mobile starts the
 * timer when show() is called, before React has drawn the toast: a main thread busy for longer than the duration (a
 * slow phone, a loaded machine) closed it before it was ever drawn, and the user never saw the message.
 */
import { type ReactNode, useEffect } from 'react';
import AntToast, { type ToastHandler, type ToastShowProps } from 'antd-mobile/es/components/toast';

export type { ToastShowProps, ToastHandler };

/** antd-mobile's default. */
const DEFAULT_DURATION_MS = 2000;

/** The latest toast asked for: antd-mobile shows one at a time, so an older one's time never closes a newer one. */
let latest = 0;

/** The toast's content, calling `onShown` once it is in the page (the mask renders its content once it shows). */
function OnScreen({ children, onShown }: { children: ReactNode; onShown: () => void }) {
  useEffect(() => onShown(), [onShown]);
  return <>{children}</>;
}

function show(props: ToastShowProps | string): ToastHandler {
  const { duration = DEFAULT_DURATION_MS, content, ...rest } = typeof props === 'string' ? { content: props } : props;
  const id = ++latest;
  const closeAfterDuration = () => {
    if (duration > 0) setTimeout(() => id === latest && AntToast.clear(), duration);
  };
  return AntToast.show({ ...rest, duration: 0, content: <OnScreen onShown={closeAfterDuration}>{content}</OnScreen> });
}

export const Toast: typeof AntToast = { ...AntToast, show };
