/**
 * One field of a Form, laid out as an antd-mobile form item (label, required asterisk, the control, the errors under
 * it) on a List.Item, with rc-field-form's Field for the value and the rules. It keeps antd-mobile's markup and class
 * names, so the theme and the tests see the same thing; it leaves out the label's help popover (and with it
 * floating-ui): a hint goes in `description`, under the field, where a phone user sees it without a tap.
 */
import {
  cloneElement,
  isValidElement,
  useContext,
  useRef,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
  type RefObject,
} from 'react';
import { Field, type FormInstance } from 'rc-field-form';
import type { FieldProps } from 'rc-field-form/es/Field';
import type { Meta } from 'rc-field-form/es/interface';
import List, { type ListItemProps } from 'antd-mobile/es/components/list';
import { FormSettingsContext, type FormLayout } from './form-context';

const PREFIX = 'adm-form-item';

type FieldOptions = Pick<
  FieldProps,
  | 'dependencies'
  | 'valuePropName'
  | 'name'
  | 'rules'
  | 'trigger'
  | 'validateTrigger'
  | 'shouldUpdate'
  | 'initialValue'
  | 'getValueFromEvent'
  | 'normalize'
  | 'preserve'
  | 'validateFirst'
>;

export type FormItemProps = FieldOptions &
  Pick<ListItemProps, 'extra' | 'clickable' | 'arrowIcon' | 'description'> & {
    label?: ReactNode;
    /** @deprecated Use `description`. Remotes built against @app/ui 1.1 may still pass it; it shows under the field. */
    help?: ReactNode;
    /** Marks the label with an asterisk; by default, when a rule is `required`. */
    required?: boolean;
    hasFeedback?: boolean;
    disabled?: boolean;
    hidden?: boolean;
    layout?: FormLayout;
    /** `right` puts the control at the item's right end (a switch). */
    childElementPosition?: 'normal' | 'right';
    /** The control (its value and onChange come from the form), or, with `dependencies`/`shouldUpdate` and no name, a function of the form. */
    children?: ReactNode | ((form: FormInstance) => ReactNode);
    /** A tap on the item; `widget` is the control's ref, e.g. to open a DatePicker. */
    // biome-ignore lint/suspicious/noExplicitAny: mirrors antd-mobile's Form.Item (MutableRefObject<any>): the control is whatever the page put there, and its handler says which.
    onClick?: (event: MouseEvent, widget: RefObject<any>) => void;
    className?: string;
  };

interface LayoutProps extends Omit<FormItemProps, 'onClick'> {
  onClick?: (event: MouseEvent) => void;
  fieldId?: string;
  errors: readonly ReactNode[];
  isRequired: boolean;
}

function ItemLayout(props: LayoutProps) {
  const settings = useContext(FormSettingsContext);
  const layout = props.layout ?? settings.layout;
  const hasFeedback = props.hasFeedback ?? settings.hasFeedback;
  const label = props.label ? (
    <label className={`${PREFIX}-label`} htmlFor={props.fieldId}>
      {props.label}
      {props.isRequired ? <span className={`${PREFIX}-required-asterisk`}>*</span> : null}
    </label>
  ) : null;
  const errors = hasFeedback
    ? props.errors.map((error, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a field's messages are replaced whole, never reordered, and may repeat: the position is their identity.
        <div key={`error-${index}`} className={`${PREFIX}-feedback-error`}>
          {error}
        </div>
      ))
    : [];
  const hint = props.description ?? props.help;
  const description =
    hint || errors.length ? (
      <>
        {hint}
        {errors}
      </>
    ) : undefined;
  const classes = [
    PREFIX,
    `${PREFIX}-${layout}`,
    props.hidden && `${PREFIX}-hidden`,
    props.errors.length > 0 && `${PREFIX}-has-error`,
    props.className,
  ];
  return (
    <List.Item
      title={layout === 'vertical' ? label : undefined}
      prefix={layout === 'horizontal' ? label : undefined}
      extra={props.extra}
      description={description}
      className={classes.filter(Boolean).join(' ')}
      disabled={props.disabled ?? settings.disabled}
      onClick={props.onClick}
      clickable={props.clickable}
      arrowIcon={props.arrowIcon}
    >
      <div className={`${PREFIX}-child ${PREFIX}-child-position-${props.childElementPosition ?? 'normal'}`}>
        <div className={`${PREFIX}-child-inner`}>{props.children as ReactNode}</div>
      </div>
    </List.Item>
  );
}

function isRequiredBy(props: FormItemProps): boolean {
  if (props.required !== undefined) return props.required;
  return (props.rules ?? []).some((rule) => typeof rule === 'object' && rule !== null && Boolean(rule.required));
}

export function FormItem(props: FormItemProps) {
  const { children, name, dependencies, shouldUpdate } = props;
  // biome-ignore lint/suspicious/noExplicitAny: the control behind the ref is whatever the page put there (see onClick).
  const widget = useRef<any>(null);
  const isRequired = isRequiredBy(props);
  const onClick = props.onClick && ((event: MouseEvent) => props.onClick?.(event, widget));
  if (name === undefined && typeof children !== 'function' && !dependencies && !shouldUpdate) {
    return <ItemLayout {...props} onClick={onClick} errors={[]} isRequired={isRequired} />;
  }
  const { trigger = 'onChange', validateTrigger = trigger, valuePropName = 'value' } = props;
  return (
    <Field
      name={name}
      dependencies={dependencies}
      shouldUpdate={shouldUpdate}
      rules={props.rules}
      trigger={trigger}
      validateTrigger={validateTrigger}
      valuePropName={valuePropName}
      initialValue={props.initialValue}
      getValueFromEvent={props.getValueFromEvent}
      normalize={props.normalize}
      preserve={props.preserve}
      validateFirst={props.validateFirst}
      messageVariables={{ label: typeof props.label === 'string' ? props.label : '' }}
    >
      {(control, meta: Meta, form) => {
        const fieldId = name !== undefined ? meta.name.join('_') : undefined;
        let child: ReactNode;
        if (typeof children === 'function') {
          child = name === undefined ? children(form as FormInstance) : null;
        } else if (name !== undefined && isValidElement(children)) {
          const events = [trigger, validateTrigger].flat().filter((event): event is string => typeof event === 'string');
          child = controlled(children as ReactElement<Record<string, unknown>>, control, { id: fieldId, widget, events });
        } else {
          child = children;
        }
        return (
          <ItemLayout {...props} onClick={onClick} fieldId={fieldId} errors={meta.errors} isRequired={isRequired}>
            {child}
          </ItemLayout>
        );
      }}
    </Field>
  );
}

/**
 * The control with the form's value and handlers (keeping the control's own handlers for the same events), its id for
 * the label, and its ref also in `widget`.
 */
function controlled(
  element: ReactElement<Record<string, unknown>>,
  control: Record<string, unknown>,
  // biome-ignore lint/suspicious/noExplicitAny: the control behind the ref is whatever the page put there (see onClick).
  { id, widget, events }: { id: string | undefined; widget: RefObject<any>; events: string[] },
) {
  const own = element.props;
  const ownRef = own.ref as Ref<unknown> | undefined;
  const props: Record<string, unknown> = {
    ...control,
    id: own.id ?? id,
    ref: (instance: unknown) => {
      widget.current = instance;
      if (typeof ownRef === 'function') ownRef(instance);
      else if (ownRef) (ownRef as RefObject<unknown>).current = instance;
    },
  };
  for (const event of new Set(events)) {
    props[event] = (...args: unknown[]) => {
      (control[event] as ((...a: unknown[]) => void) | undefined)?.(...args);
      (own[event] as ((...a: unknown[]) => void) | undefined)?.(...args);
    };
  }
  return cloneElement(element, props);
}
