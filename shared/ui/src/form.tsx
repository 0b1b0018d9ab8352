/**
 * Forms: antd-mobile's Form API (Form, Form.Item, Form.Header, Form.Array, Form.useForm) and look, on rc-field-form, the
 * engine antd-mobile's own Form runs on. It is ours rather than antd-mobile's because theirs pulls the label-help
 * popover and floating-ui into every page with a form, nearly doubling the form's chunk.
 * The differences: `help` is not a popover behind a "?" but a line under the field, as `description` is; and a field's
 * value is watched with `useFieldValue`, not `Form.useWatch` (below).
 */
import {
  Children,
  forwardRef,
  Fragment,
  isValidElement,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactElement,
  type ReactNode,
} from 'react';
import RcForm, { useForm, useWatch, type FormInstance } from 'rc-field-form';
import { HOOK_MARK } from 'rc-field-form/es/FieldContext';
import type { FormProps as RcFormProps } from 'rc-field-form/es/Form';
import type { InternalFormInstance, InternalNamePath, NamePath } from 'rc-field-form/es/interface';
import { getNamePath, getValue } from 'rc-field-form/es/utils/valueUtil';
import List, { type ListProps } from 'antd-mobile/es/components/list';
import { useConfig } from 'antd-mobile/es/components/config-provider';
import 'antd-mobile/es/components/form/index.css';
import { DEFAULT_FORM_SETTINGS, FormSettingsContext, type FormLayout } from './form/form-context';
import { FormArray } from './form/FormArray';
import { FormItem } from './form/FormItem';

export type { FormInstance } from 'rc-field-form';
export type { NamePath } from 'rc-field-form/es/interface';
export type { Rule } from 'rc-field-form/es/interface';
export type { FormItemProps } from './form/FormItem';
export type { FormArrayField, FormArrayOperation, FormArrayProps } from './form/FormArray';
export type { FormLayout } from './form/form-context';

// biome-ignore lint/suspicious/noExplicitAny: mirrors antd-mobile's and rc-field-form's own default (Values = any), so a form written for theirs compiles as it did.
export type FormProps<Values = any> = Omit<RcFormProps<Values>, 'component' | 'fields' | 'children'> & {
  children?: ReactNode;
  layout?: FormLayout;
  mode?: ListProps['mode'];
  hasFeedback?: boolean;
  disabled?: boolean;
  /** Below the fields: the submit button. */
  footer?: ReactNode;
  className?: string;
};

/** Starts a new card of items, titled with its children. */
function Header(_props: { children?: ReactNode }): null {
  return null;
}

/** The form's children in order, fragments opened up. */
function flatten(children: ReactNode): ReactNode[] {
  const out: ReactNode[] = [];
  Children.forEach(children, (child) => {
    if (isValidElement<{ children?: ReactNode }>(child) && child.type === Fragment) out.push(...flatten(child.props.children));
    else out.push(child);
  });
  return out;
}

/** Groups the items into Lists: a Header starts a new one; a Form.Array lays out its own cards. */
function groupIntoLists(children: ReactNode, mode: ListProps['mode']): ReactElement[] {
  const lists: ReactElement[] = [];
  let header: ReactNode = null;
  let items: ReactNode[] = [];
  const close = () => {
    if (items.length === 0) return;
    lists.push(
      <List key={lists.length} header={header} mode={mode}>
        {items}
      </List>,
    );
    items = [];
  };
  for (const child of flatten(children)) {
    if (isValidElement<{ children?: ReactNode }>(child) && child.type === Header) {
      close();
      header = child.props.children;
    } else if (isValidElement(child) && child.type === FormArray) {
      close();
      lists.push(<Fragment key={lists.length}>{child}</Fragment>);
    } else {
      items.push(child);
    }
  }
  close();
  return lists;
}

const FormRoot = forwardRef<FormInstance, FormProps>(function Form(props, ref) {
  const {
    className,
    style,
    children,
    layout = DEFAULT_FORM_SETTINGS.layout,
    mode,
    hasFeedback = true,
    disabled = false,
    footer,
    validateMessages,
    ...rest
  } = props;
  const { locale } = useConfig();
  const messages = useMemo(() => ({ ...locale.Form.defaultValidateMessages, ...validateMessages }), [locale, validateMessages]);
  const settings = useMemo(() => ({ layout, hasFeedback, disabled }), [layout, hasFeedback, disabled]);
  return (
    <RcForm ref={ref} className={['adm-form', className].filter(Boolean).join(' ')} style={style} validateMessages={messages} {...rest}>
      <FormSettingsContext.Provider value={settings}>{groupIntoLists(children, mode)}</FormSettingsContext.Provider>
      {footer ? <div className="adm-form-footer">{footer}</div> : null}
    </RcForm>
  );
});

/** `useWatch` stays for remotes built against @app/ui before 1.17 (a shared singleton keeps its API); use `useFieldValue`. */
export const Form = Object.assign(FormRoot, { Item: FormItem, Header, Array: FormArray, useForm, useWatch });

/**
 * A field's value as the form holds it, kept current as it changes (typed, set by the form's code, reset), and
 * `initial` while the form holds none: the value the form starts with. rc-field-form's `useWatch` starts empty and
 * renders its component again as soon as it is mounted, with the value the form started with: after a form page's
 * hydration, a second render of the whole form in one task (docs/architecture.md, "No second render after
 * hydrating"). This one starts from `initial` and renders again only for a value that differs from the one shown. The
 * watch is rc-field-form's own (its internal hooks, as its `useWatch` registers it). `name` is read once.
 */
export function useFieldValue<T>(form: FormInstance, name: NamePath, initial: T): T {
  const [value, setValue] = useState<T | undefined>(initial);
  const shown = useRef(JSON.stringify(initial));
  const path = useRef(getNamePath(name));
  useEffect(() => {
    const show = (values: object) => {
      const next = getValue(values, path.current) as T | undefined;
      const text = JSON.stringify(next);
      if (text === shown.current) return;
      shown.current = text;
      setValue(next);
    };
    // Every instance useForm makes is the internal one; the public type leaves its hooks out.
    const hooks = (form as unknown as InternalFormInstance).getInternalHooks(HOOK_MARK);
    if (!hooks) return;
    const stop = hooks.registerWatch((values) => show(values));
    show(form.getFieldsValue());
    return stop;
  }, [form]);
  return value ?? initial;
}

/** `lines.0.grossFen` → `['lines', 0, 'grossFen']`: a body path as a form name path. */
function namePathOf(path: string): InternalNamePath {
  return path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

function sameName(a: readonly (string | number)[], b: readonly (string | number)[]): boolean {
  return a.length === b.length && a.every((part, index) => part === b[index]);
}

/**
 * Puts the server's messages under the form's fields: a refusal of bad input (errorCode 4000) names each refused field
 * by its path in the request body (`result.fields`: `{ "buyer.taxNumber": "…" }`). `nameOf` turns a body path into the
 * form's field name where they differ (null: the form has no such field). Returns whether a message found a field of
 * the form; when none did, the caller leaves the message to the toast the error catalogue shows.
 */
export function applyServerErrors(form: FormInstance, error: unknown, nameOf: (path: string) => NamePath | null = namePathOf): boolean {
  const refusal = error as { errorCode?: unknown; result?: { fields?: unknown } } | null;
  const fields = refusal?.errorCode === 4000 ? refusal.result?.fields : undefined;
  if (!fields || typeof fields !== 'object') return false;
  const registered = form.getFieldsError().map((field) => field.name);
  const found = Object.entries(fields as Record<string, unknown>).flatMap(([path, message]) => {
    const name = nameOf(path);
    if (name === null || typeof message !== 'string') return [];
    const namePath = Array.isArray(name) ? name : [name as string | number];
    return registered.some((known) => sameName(known, namePath)) ? [{ name: namePath, errors: [message] }] : [];
  });
  form.setFields(found);
  return found.length > 0;
}
