/**
 * The one view of what a page shows instead of its content, for every remote's pages that load: empty (nothing yet),
 * failed (the load failed: why, and 重试), refused (not this user's to see, 1003/1004 or HTTP 403: 无权查看, and no
 * 重试, which would get the same answer) and missing (not found: 4004, or an id the server refuses as 4000). Each has
 * its own drawing (`@app/ui/status-view`), so a refusal never reads as a lost network. `LoadedView` is the whole of
 * a load as a page shows it: the placeholder, the content, or this view.
 */
import type { ReactNode } from 'react';
import { Button } from '@app/ui/button';
import { StatusView, type StatusIcon } from '@app/ui/status-view';
import { REFUSED_TITLE, type LoadProblem } from './load-problem';

interface Common {
  title?: string;
  description?: ReactNode;
  /** More ways out, under the view's own action. */
  children?: ReactNode;
}

export type StateViewProps =
  | (Common & { state: 'empty' | 'refused' | 'missing' })
  | (Common & {
      state: 'failed';
      onRetry: () => void;
      /** No answer at all (the network) rather than the server's failure; drawn as the network by default. */
      offline?: boolean;
    });

const DEFAULT_TITLES = { empty: '暂无内容', failed: '加载失败', refused: REFUSED_TITLE, missing: '内容不存在' } as const;

function iconOf(props: StateViewProps): StatusIcon {
  if (props.state === 'failed') return props.offline === false ? 'error' : 'disconnected';
  return props.state === 'missing' ? 'notFound' : props.state;
}

export function StateView(props: StateViewProps) {
  const title = props.title ?? DEFAULT_TITLES[props.state];
  return (
    <StatusView icon={iconOf(props)} title={title} description={props.description}>
      {props.state === 'failed' ? (
        <Button block color="primary" onClick={props.onRetry}>
          重试
        </Button>
      ) : null}
      {props.children}
    </StatusView>
  );
}

export interface LoadProblemViewProps {
  problem: LoadProblem;
  /** What is not found: 发票不存在, and why it may be so. */
  missing: { title: string; description?: ReactNode };
  /** The failure's title (票据加载失败); 加载失败 by default. */
  failedTitle?: string;
  onRetry: () => void;
  /** Ways out the page offers whatever the problem (返回列表), under the view's own action. */
  children?: ReactNode;
}

/** A load's problem as the page says it: its own not-found, 无权查看 with the server's reason, or the failure and 重试. */
export function LoadProblemView({ problem, missing, failedTitle, onRetry, children }: LoadProblemViewProps) {
  if (problem.state === 'missing') {
    return (
      <StateView state="missing" title={missing.title} description={missing.description}>
        {children}
      </StateView>
    );
  }
  if (problem.state === 'refused') {
    return (
      <StateView state="refused" description={problem.message}>
        {children}
      </StateView>
    );
  }
  return (
    <StateView state="failed" title={failedTitle} description={problem.message} offline={problem.offline} onRetry={onRetry}>
      {children}
    </StateView>
  );
}

export interface LoadedViewProps<T> extends Omit<LoadProblemViewProps, 'problem' | 'children'> {
  /** What the page loaded (`useLoadedByCode`, `useLoaded`, `useEditedRecord`). */
  loaded: { state: 'loading' } | LoadProblem | { state: 'ready'; value: T };
  /** What shows while it loads: a skeleton of the content. */
  placeholder: ReactNode;
  /** Ways out under the problem's view (返回列表), given the problem. */
  waysOut?: (problem: LoadProblem) => ReactNode;
  /** The content, once loaded. */
  children: (value: T) => ReactNode;
}

/** A page's loaded content, the one way every page says its load: the placeholder, the content, or why not. */
export function LoadedView<T>({ loaded, placeholder, waysOut, children, ...problemProps }: LoadedViewProps<T>) {
  if (loaded.state === 'loading') return placeholder;
  if (loaded.state === 'ready') return children(loaded.value);
  return (
    <LoadProblemView problem={loaded} {...problemProps}>
      {waysOut?.(loaded)}
    </LoadProblemView>
  );
}
