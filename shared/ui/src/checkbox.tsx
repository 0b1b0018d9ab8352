/**
 * antd-mobile's Checkbox, answering a tap from its first paint. antd-mobile's input listens for clicks with a native
 * listener that it attaches in an effect (after the first paint): a tap in between reached nobody, and the box did not
 * change (a list row's checkbox tapped as soon as the row showed, as the 设为默认 test does). Such a tap
 * bubbles to the label instead of being stopped at the input, so the label does the input's work then; once the
 * listener is attached it stops the tap at the input and this never runs.
 */
import AntdCheckbox, { type CheckboxProps } from 'antd-mobile/es/components/checkbox';
import type { MouseEvent } from 'react';

function CheckboxFromFirstPaint(props: CheckboxProps) {
  const onClick = (event: MouseEvent<HTMLLabelElement>) => {
    props.onClick?.(event);
    const input = event.target;
    // Controlled boxes only (every one in this app): an uncontrolled one keeps its state inside antd-mobile.
    if (!(input instanceof HTMLInputElement) || input.type !== 'checkbox' || props.disabled || props.checked === undefined) return;
    // The tap already toggled the input: the new state is what the user asked for.
    if (input.checked !== props.checked) props.onChange?.(input.checked);
  };
  return <AntdCheckbox {...props} onClick={onClick} />;
}

export const Checkbox = Object.assign(CheckboxFromFirstPaint, { Group: AntdCheckbox.Group });
export type { CheckboxProps, CheckboxRef, CheckboxGroupProps } from 'antd-mobile/es/components/checkbox';
