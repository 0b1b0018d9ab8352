import { afterEach, describe, expect, rs, test } from '@rstest/core';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { TITLE_MESSAGES } from '@app/domain/invoice-title';
import { TAX_NUMBER_MESSAGES } from '@app/domain/tax-number';
import { ApiError } from '@app/host-sdk/api-client';
import { renderPage } from '@app/host-sdk/testing';
import { TitleForm } from './TitleForm';
import type { TitleFormValues } from './title-form-rules';

afterEach(cleanup);

const field = (placeholder: string | RegExp) => screen.getByPlaceholderText(placeholder) as HTMLInputElement;
const type = (placeholder: string | RegExp, value: string) => fireEvent.change(field(placeholder), { target: { value } });
const errors = () => Array.from(document.querySelectorAll('.adm-form-item-feedback-error')).map((node) => node.textContent);
const submit = () => fireEvent.click(screen.getByRole('button', { name: '保存' }));

const COMPANY: TitleFormValues = {
  kind: '企业',
  name: '杭州优税通科技有限公司',
  taxNumber: '91110000802100433B',
  address: '杭州市西湖区文三路 100 号',
  phone: '0571-88886666',
  bankName: '招商银行杭州分行',
  bankAccount: '571908765432101',
  email: 'finance@youshui.cn',
  isDefault: true,
};

describe('TitleForm', () => {
  test('a wrong tax number shows the domain’s message under the field as it is typed, in upper case', async () => {
    renderPage(<TitleForm onSubmit={rs.fn(async () => {})} />);
    type('纳税人识别号', '91110000802100433c');
    expect(field('纳税人识别号').value).toBe('91110000802100433C');
    await waitFor(() => expect(errors()).toEqual([TAX_NUMBER_MESSAGES.check]));
    type('纳税人识别号', '1234');
    await waitFor(() => expect(errors()).toEqual([TAX_NUMBER_MESSAGES.shape]));
    type('纳税人识别号', '9111 0000 8021 0043 3b');
    await waitFor(() => expect(errors()).toEqual([]));
    expect(field('纳税人识别号').value).toBe('91110000802100433B');
  });

  test('a company needs a name and a tax number: nothing is submitted without them', async () => {
    const onSubmit = rs.fn(async () => {});
    renderPage(<TitleForm onSubmit={onSubmit} />);
    submit();
    await waitFor(() => expect(errors()).toEqual([TITLE_MESSAGES.nameEmpty, TAX_NUMBER_MESSAGES.empty]));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  test('a person may leave the tax number empty, but not give a wrong one', async () => {
    const onSubmit = rs.fn(async (_values: TitleFormValues) => {});
    renderPage(<TitleForm onSubmit={onSubmit} />);
    fireEvent.click(screen.getByText('个人'));
    expect(await screen.findByText('姓名')).toBeTruthy();
    type('个人姓名', '  张三 ');
    type('选填，纳税人识别号', '123');
    await waitFor(() => expect(errors()).toEqual([TAX_NUMBER_MESSAGES.shape]));
    type('选填，纳税人识别号', '');
    await waitFor(() => expect(errors()).toEqual([]));
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      kind: '个人',
      name: '张三',
      taxNumber: '',
      address: '',
      phone: '',
      bankName: '',
      bankAccount: '',
      email: '',
      isDefault: false,
    });
  });

  test('tapping the chosen kind again keeps it', async () => {
    renderPage(<TitleForm onSubmit={rs.fn(async () => {})} />);
    fireEvent.click(screen.getByText('企业'));
    expect(await screen.findByText('单位名称')).toBeTruthy();
    expect(screen.getByText('企业').closest('.adm-selector-item-active')).toBeTruthy();
  });

  test('phone, e-mail, bank account and the address-and-phone length have their messages', async () => {
    renderPage(<TitleForm onSubmit={rs.fn(async () => {})} />);
    type('手机号或座机号', '12345');
    await waitFor(() => expect(errors()).toEqual([TITLE_MESSAGES.phone]));
    type('手机号或座机号', '13800001111');
    type('注册地址', '地'.repeat(90));
    await waitFor(() => expect(errors()).toEqual([TITLE_MESSAGES.addressAndPhoneTooLong]));
    // Shortening the phone is enough to fix the address.
    type('手机号或座机号', '');
    await waitFor(() => expect(errors()).toEqual([]));
    type('选填，用于接收发票', 'finance@');
    await waitFor(() => expect(errors()).toEqual([TITLE_MESSAGES.email]));
    type('银行账号', '6222-0210');
    await waitFor(() => expect(errors()).toEqual([TITLE_MESSAGES.bankAccount, TITLE_MESSAGES.email]));
  });

  test('editing starts from the title; the button is disabled while saving; a server message goes under its field', async () => {
    let finish!: () => void;
    let fail!: (error: unknown) => void;
    const onSubmit = rs.fn(
      (_values: TitleFormValues) =>
        new Promise<void>((resolve, reject) => {
          finish = resolve;
          fail = reject;
        }),
    );
    renderPage(<TitleForm initial={COMPANY} onSubmit={onSubmit} />);
    expect(field('营业执照上的全称').value).toBe(COMPANY.name);
    expect(screen.getByRole('switch').getAttribute('aria-checked')).toBe('true');
    type('营业执照上的全称', '杭州优税通（新）科技有限公司');
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ ...COMPANY, name: '杭州优税通（新）科技有限公司' });
    const button = screen.getByRole('button', { name: /保存/ }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    await act(async () => finish());
    expect(button.disabled).toBe(false);

    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    await act(async () => fail(new ApiError(TAX_NUMBER_MESSAGES.check, 4000, 400, { fields: { taxNumber: TAX_NUMBER_MESSAGES.check } })));
    expect(errors()).toEqual([TAX_NUMBER_MESSAGES.check]);
    expect(button.disabled).toBe(false);
  });
});
