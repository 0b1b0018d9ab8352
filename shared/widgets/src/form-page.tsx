/**
 * A page with a form, as every remote writes one (README, "Where a new thing goes"): what it loads first (the record
 * being edited) with its placeholder and its failure with 重试, then the form in the app's card style, its submit
 * button under the cards, and the submit itself: one at a time (a second tap while it runs does nothing), the button
 * busy and disabled meanwhile, and a refusal's messages under the fields the server named (`applyServerErrors` of
 * `@app/ui/form`). After saving, `useGoBack` returns to where the user came from.
 */
import { useRef, useState, type ReactNode } from 'react';
import { ApiError } from '@app/host-sdk/api-client';
import { useLocation, useNavigate } from '@app/host-sdk/router';
import { Button } from '@app/ui/button';
import { applyServerErrors, Form, type FormInstance, type FormProps, type NamePath } from '@app/ui/form';
import { Page } from '@app/ui/page';
import { Skeleton } from '@app/ui/skeleton';
import type { LoadProblem } from './load-problem';
import { LoadedView, StateView } from './state-view';
import { useLoadedByCode } from './use-loaded-by-code';
import styles from './form-page.module.css';

/**
 * What a page loads before it shows its form, or why it cannot (`load-problem`: missing, refused, failed). `version`
 * counts the loads: give the form a new key for each.
 */
export type Loaded<T> = { state: 'loading' } | LoadProblem | { state: 'ready'; value: T; version: number };

/** Why a load failed, for the user: the server's reason when it answered one (抬头不存在), else the network's. */
export function loadFailureMessage(error: unknown): string {
  return error instanceof ApiError && error.errorCode !== null ? error.message : '请检查网络后重试';
}

/**
 * The record a form page edits: `load(id)` when the address names one, null (a new one) when it does not. Loaded
 * again each time the page is shown (the page cache runs its effects again), so an edit starts from what is stored;
 * the one loading hook (`use-loaded-by-code`) does it, and each answer is a new `version`.
 */
export function useEditedRecord<T extends { id: string }>(
  id: string | null,
  load: (id: string) => Promise<T>,
): { loaded: Loaded<T | null>; retry: () => void } {
  const { loaded, retry } = useLoadedByCode(id ?? '', load, undefined);
  // Each answer (a new object) counts once, however often the page renders with it.
  const versions = useRef<{ of: unknown; version: number }>({ of: null, version: 0 });
  const answer = id ? loaded : null;
  if (versions.current.of !== answer && (answer === null || answer.state === 'ready')) {
    versions.current = { of: answer, version: versions.current.version + 1 };
  }
  const { version } = versions.current;
  if (answer === null) return { loaded: { state: 'ready', value: null, version }, retry };
  return { loaded: answer.state === 'ready' ? { state: 'ready', value: answer.value, version } : answer, retry };
}

/** The placeholder of what is loading: a card of skeleton lines. */
export function LoadingCard({ lines = 5, label = '加载中' }: { lines?: number; label?: string }) {
  return (
    <div className={styles.loading} role="status" aria-busy="true" aria-label={label}>
      <Skeleton.Title animated />
      <Skeleton.Paragraph lineCount={lines} animated />
    </div>
  );
}

export interface LoadFailedProps {
  /** 抬头加载失败. */
  title?: string;
  /** Why (loadFailureMessage). */
  message: string;
  onRetry: () => void;
  /** More ways out, under 重试. */
  children?: ReactNode;
}

/** A load that failed: why, and 重试 (the failed state of `state-view`). */
export function LoadFailed({ title = '加载失败', message, onRetry, children }: LoadFailedProps) {
  return (
    <StateView state="failed" title={title} description={message} onRetry={onRetry}>
      {children}
    </StateView>
  );
}

export interface FormPageProps<T> {
  title: string;
  loaded: Loaded<T>;
  /** The failure's title (抬头加载失败). */
  failedTitle: string;
  /** What is not found (抬头不存在): the record the address names is not there. */
  missingTitle?: string;
  onRetry: () => void;
  /** Lines of the loading placeholder. */
  skeletonLines?: number;
  /** The form, once loaded. */
  children: (value: T, version: number) => ReactNode;
}

/** The page: its placeholder while loading, then the form, or why not (not found, 无权查看, the failure with 重试). */
export function FormPage<T>({
  title,
  loaded,
  failedTitle,
  missingTitle = '内容不存在',
  onRetry,
  skeletonLines,
  children,
}: FormPageProps<T>) {
  return (
    <Page title={title}>
      <LoadedView
        loaded={loaded}
        placeholder={<LoadingCard lines={skeletonLines} />}
        missing={{ title: missingTitle }}
        failedTitle={failedTitle}
        onRetry={onRetry}
      >
        {(value) => children(value, loaded.state === 'ready' ? loaded.version : 0)}
      </LoadedView>
    </Page>
  );
}

/**
 * A form's submit, one at a time: `submitting` while `onSubmit` runs (the button is busy and disabled), a second
 * submit meanwhile does nothing, and a refusal puts the server's messages under the fields it names (`nameOf` turns a
 * path of the request body into the form's field where they differ). The API client has shown the error itself.
 */
export function useFormSubmit<V>(
  form: FormInstance,
  onSubmit: (values: V) => Promise<void>,
  nameOf?: (path: string) => NamePath | null,
): { submitting: boolean; submit: (values: V) => Promise<void> } {
  const [submitting, setSubmitting] = useState(false);
  const running = useRef(false);
  const submit = async (values: V) => {
    if (running.current) return;
    running.current = true;
    setSubmitting(true);
    try {
      await onSubmit(values);
    } catch (error) {
      applyServerErrors(form, error, nameOf);
    } finally {
      running.current = false;
      setSubmitting(false);
    }
  };
  return { submitting, submit };
}

export interface SubmitButtonProps {
  submitting: boolean;
  children: ReactNode;
  /** What the button says while submitting (保存中). */
  submittingText?: string;
  color?: 'primary' | 'danger';
  /** A form's submit button (the default), or a button that calls `onClick`. */
  onClick?: () => void;
  block?: boolean;
}

/** The form's main button: large, busy and disabled while submitting. */
export function SubmitButton({ submitting, children, submittingText, color = 'primary', onClick, block = true }: SubmitButtonProps) {
  return (
    <Button
      block={block}
      type={onClick ? 'button' : 'submit'}
      color={color}
      size="large"
      loading={submitting}
      loadingText={submittingText}
      disabled={submitting}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}

export type PageFormProps<V> = Omit<FormProps<V>, 'form' | 'onFinish' | 'footer' | 'mode'> & {
  form: FormInstance<V>;
  /** Saves the form's values; a rejection keeps the form as it is. */
  onSubmit: (values: V) => Promise<void>;
  /** A refused field's body path → the form's field (see useFormSubmit). */
  nameOf?: (path: string) => NamePath | null;
  /** The button's text (保存) and what it says while saving (保存中). */
  submitText: ReactNode;
  submittingText?: string;
  /** Under the button. */
  footerExtra?: ReactNode;
};

/** A page's form: antd-mobile's card form with the app's side gap, the submit button under its cards. */
export function PageForm<V>({
  form,
  onSubmit,
  nameOf,
  submitText,
  submittingText,
  footerExtra,
  className,
  layout = 'horizontal',
  children,
  ...rest
}: PageFormProps<V>) {
  const { submitting, submit } = useFormSubmit(form, onSubmit, nameOf);
  return (
    <Form
      {...rest}
      form={form}
      layout={layout}
      mode="card"
      className={[styles.form, className].filter(Boolean).join(' ')}
      onFinish={(values: V) => void submit(values)}
      footer={
        <div className={styles.footer}>
          <SubmitButton submitting={submitting} submittingText={submittingText}>
            {submitText}
          </SubmitButton>
          {footerExtra}
        </div>
      }
    >
      {children}
    </Form>
  );
}

/**
 * Back to where the user came from, after a save: the previous page when they came from one in the app, else (the
 * page was opened directly) `fallback`, in place of this one.
 */
export function useGoBack(): (fallback: string) => void {
  const navigate = useNavigate();
  const location = useLocation();
  return (fallback) => {
    if (location.key !== 'default') navigate(-1);
    else navigate(fallback, { replace: true });
  };
}
