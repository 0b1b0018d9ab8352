/**
 * Submitting the blue-invoice form: first the tax bureau (login and today's face authentication, through the host's
 * dialogs), then the task, then its detail page. The request serial belongs to the form fill: a submit after a
 * failure sends the same one, so if the failed call had in fact reached the server no second invoice is issued; only
 * a successful create starts a new fill.
 */
import { useRef, useState } from 'react';
import { ensureTaxReady } from '@app/host-sdk/dialogs';
import { appHref } from '@app/host-sdk/paths';
import { useNavigate } from '@app/host-sdk/router';
import { applyServerErrors, type FormInstance } from '@app/ui/form';
import { showToast } from '@app/ui/feedback';
import { createBlueInvoiceTask } from './blue-invoice-api';
import { toRequest, type BlueInvoiceFormValues } from './form-values';
import { newRequestSerial } from '@app/domain/request-serial';
import { formFieldOf } from './server-errors';

/** `onCreated` runs once the task exists, after the form was reset for the next invoice. */
export function useBlueInvoiceSubmit(form: FormInstance, onCreated?: () => void) {
  const navigate = useNavigate();
  const serial = useRef<string | null>(null);
  const busy = useRef(false);
  const [submitting, setSubmitting] = useState(false);

  async function submit(): Promise<void> {
    if (busy.current) return;
    busy.current = true;
    setSubmitting(true);
    try {
      if (!(await ensureTaxReady())) return;
      serial.current ??= newRequestSerial();
      const created = await createBlueInvoiceTask(toRequest(form.getFieldsValue(true) as Partial<BlueInvoiceFormValues>, serial.current));
      serial.current = null;
      form.resetFields();
      onCreated?.();
      showToast({ icon: 'success', content: '已提交开票' });
      navigate(appHref('invoiceTaskDetail', {}, { id: created.taskId }));
    } catch (error) {
      // The API client has shown the message; the fields the server refused show theirs under them too.
      applyServerErrors(form, error, formFieldOf);
    } finally {
      busy.current = false;
      setSubmitting(false);
    }
  }

  return { submitting, submit };
}
