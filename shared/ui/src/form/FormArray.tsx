/** A list of field groups (one card each, with its own header) and an add row, on rc-field-form's List. */
import type { ReactElement, ReactNode } from 'react';
import { List as FieldList } from 'rc-field-form';
import type { StoreValue } from 'rc-field-form/es/interface';
import List from 'antd-mobile/es/components/list';

export interface FormArrayField {
  index: number;
  key: number;
}

export interface FormArrayOperation {
  add: (defaultValue?: StoreValue, insertIndex?: number) => void;
  remove: (index: number | number[]) => void;
  move: (from: number, to: number) => void;
}

export interface FormArrayProps {
  name: string | number | (string | number)[];
  initialValue?: StoreValue[];
  renderHeader?: (field: FormArrayField, operation: FormArrayOperation) => ReactNode;
  onAdd?: (operation: FormArrayOperation) => void;
  renderAdd?: () => ReactNode;
  children: (fields: FormArrayField[], operation: FormArrayOperation) => ReactElement[];
}

export function FormArray(props: FormArrayProps) {
  return (
    <FieldList name={props.name} initialValue={props.initialValue}>
      {(rcFields, operation) => {
        const fields = rcFields.map((field) => ({ index: field.name, key: field.key }));
        const groups = props.children(fields, operation).map((child, index) => {
          const field = fields[index] as FormArrayField;
          return (
            <List key={field.key} mode="card" header={props.renderHeader?.(field, operation)}>
              {child}
            </List>
          );
        });
        if (props.renderAdd) {
          groups.push(
            <List key="add" mode="card">
              <List.Item
                className="adm-form-list-operation"
                onClick={() => (props.onAdd ? props.onAdd(operation) : operation.add())}
                arrowIcon={false}
              >
                {props.renderAdd()}
              </List.Item>
            </List>,
          );
        }
        return <>{groups}</>;
      }}
    </FieldList>
  );
}
