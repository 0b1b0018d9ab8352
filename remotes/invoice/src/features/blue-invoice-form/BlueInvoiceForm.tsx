/**
 * The blue-invoice form, shared by the home page (compact: type, buyer name and tax number, goods lines with the
 * amount including tax) and `/invoice/create` (everything: the buyer's address, phone and bank, quantities and unit
 * prices, a line's discount, remarks, where to send it). Every field shows its problem under it as the user types;
 * totals and the capital-numeral total follow the lines (and their discount lines) live. Submit checks the tax bureau
 * first (host dialogs), then creates the task and opens its detail page.
 */
import { lazy, useState, type ReactNode } from 'react';
import type { InvoiceType } from '@app/domain/invoice-document';
import type { TitleKind } from '@app/domain/invoice-title';
import { useNavigate } from '@app/host-sdk/router';
import { Form, useFieldValue } from '@app/ui/form';
import { Selector } from '@app/ui/selector';
import { PageForm } from '@app/widgets/form-page';
import { WhenOpened } from '@app/widgets/when-opened';
import { href } from '../../paths';
import { BuyerDetailItems, BuyerItems, keepChoice } from './BuyerItems';
import { goodsLines, remarksAndDelivery } from './form-sections';
import { completeValues, emptyFormValues, TYPE_OPTIONS, type BlueInvoiceFormValues } from './form-values';
import { linesTotals, type LineValues } from './line-draft';
import { TotalsItems } from './TotalsItems';
import { formFieldOf } from './server-errors';
import { useBlueInvoiceSubmit } from './use-blue-invoice-submit';
import { useLineEdits } from './use-line-edits';
import { useTitlePick } from './use-title-pick';
import './blue-invoice-form.css';

const TitlePicker = lazy(() => import('@app/widgets/title-picker').then((module) => ({ default: module.TitlePicker })));

export interface BlueInvoiceFormProps {
  /** The home page's quick form. */
  compact?: boolean;
  /** Under the submit button (the home page's link to the full form). */
  footerExtra?: ReactNode;
}

export function BlueInvoiceForm({ compact = false, footerExtra }: BlueInvoiceFormProps) {
  const navigate = useNavigate();
  const [form] = Form.useForm();
  const [initialValues] = useState(emptyFormValues);
  const title = useTitlePick(form, compact);
  const edits = useLineEdits(form, compact);
  const submit = useBlueInvoiceSubmit(form, title.forget);

  const lines = useFieldValue<LineValues[]>(form, 'lines', initialValues.lines);
  const type = useFieldValue<InvoiceType[]>(form, 'type', initialValues.type)[0] ?? '数电普票';
  const kind = useFieldValue<TitleKind[]>(form, ['buyer', 'kind'], initialValues.buyer.kind)[0] ?? '企业';
  const currentLines = completeValues({ lines }).lines;

  function onValuesChange(changed: Partial<BlueInvoiceFormValues>) {
    // Typed over: the buyer is no longer the title that was picked.
    if (changed.buyer) title.forget();
    if (changed.lines) edits.linesChanged(changed.lines);
  }

  // Headers and the lines are the Form's own children (form-sections.tsx): arrays, not fragments.
  return (
    <>
      <PageForm
        form={form}
        className={`blue-form${compact ? ' blue-form--compact' : ''}`}
        initialValues={initialValues}
        onValuesChange={onValuesChange}
        onSubmit={submit}
        nameOf={formFieldOf}
        submitText="开具发票"
        submittingText="提交中"
        footerExtra={footerExtra}
      >
        <Form.Item className="blue-form__choice" name="type" label="发票类型" normalize={keepChoice}>
          <Selector columns={2} options={TYPE_OPTIONS} />
        </Form.Item>
        <Form.Header>购买方</Form.Header>
        <BuyerItems kind={kind} type={type} titleName={title.titleName} onPickTitle={title.open} />
        {compact ? null : <BuyerDetailItems />}
        {goodsLines(currentLines, compact, edits)}
        <Form.Header>合计</Form.Header>
        <TotalsItems totals={linesTotals(currentLines)} compact={compact} />
        {compact ? null : remarksAndDelivery()}
      </PageForm>
      <WhenOpened visible={title.picking}>
        <TitlePicker visible={title.picking} onClose={title.close} onPick={title.pick} onAdd={() => navigate(href('titlesCreate'))} />
      </WhenOpened>
    </>
  );
}
