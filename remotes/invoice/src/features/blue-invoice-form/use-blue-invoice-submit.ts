/**
 * Submitting the blue-invoice form: first the tax bureau (login and today's face authentication, through the host's
 * dialogs), then the task, then its detail page. The request serial belongs to the form fill: a submit after a
 * failure sends the same one, so if the failed call had in fact reached the server no second invoice is issued; only
 * a successful create starts a new fill. The form runs it one at a time and puts a refusal's messages under the
 * fields (PageForm of `@app/widgets/form-page`, with `formFieldOf`).
 */
import { useRef } from 'react';
import { newRequestSerial } from '@app/domain/request-serial';
import { ensureTaxReady } from '@app/host-sdk/dialogs';
import { appHref } from '@app/host-sdk/paths';
import { useNavigate } from '@app/host-sdk/router';
import { showToast } from '@app/ui/feedback';
import type { FormInstance } from '@app/ui/form';
import { createBlueInvoiceTask } from './blue-invoice-api';
import { toRequest, type BlueInvoiceFormValues } from './form-values';

/** The form's submit; `onCreated` runs once the task exists, after the form was reset for the next invoice. */
export function useBlueInvoiceSubmit(form: FormInstance, onCreated?: () => void): () => Promise<void> {
  const navigate = useNavigate();
  const serial = useRef<string | null>(null);
  return async () => {
    if (!(await ensureTaxReady())) return;
    serial.current ??= newRequestSerial();
    const created = await createBlueInvoiceTask(toRequest(form.getFieldsValue(true) as Partial<BlueInvoiceFormValues>, serial.current));
    serial.current = null;
    form.resetFields();
    onCreated?.();
    showToast({ icon: 'success', content: '已提交开票' });
    navigate(appHref('invoiceTaskDetail', {}, { id: created.taskId }));
  };
}
