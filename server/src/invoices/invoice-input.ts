/**
 * Checks of what a user asks to be printed on an invoice, with Chinese messages that name the field: the buyer
 * (专票 needs a tax number), remarks, the goods lines. Field rules come from `@app/domain`.
 */
import type { InvoiceParty, InvoiceType } from '@app/domain/invoice-document';
import { deliverEmailProblem, deliverPhoneProblem } from '@app/domain/invoice-delivery';
import { TAX_NUMBER_MESSAGES, taxNumberProblem } from '@app/domain/tax-number';
import { ApiFailure, ErrorCode } from '../http/api-failure';

export const MAX_BUYER_NAME = 100;
export const MAX_ADDRESS_AND_PHONE = 100;
export const MAX_BANK_AND_ACCOUNT = 100;
export const MAX_REMARKS = 200;
export const MAX_LINES = 100;


function invalid(message: string): never {
  throw new ApiFailure(ErrorCode.InvalidInput, message);
}

/** The buyer as it will be printed (trimmed, the tax number upper-case). */
export function checkedBuyer(buyer: InvoiceParty, type: InvoiceType): InvoiceParty {
  const clean: InvoiceParty = {
    name: buyer.name.trim(),
    taxNumber: buyer.taxNumber.trim().toUpperCase(),
    address: buyer.address.trim(),
    phone: buyer.phone.trim(),
    bankName: buyer.bankName.trim(),
    bankAccount: buyer.bankAccount.trim(),
    naturalPerson: buyer.naturalPerson,
  };
  if (!clean.name) invalid('请填写购买方名称');
  if (clean.name.length > MAX_BUYER_NAME) invalid(`购买方名称不能超过 ${MAX_BUYER_NAME} 个字`);
  if (clean.taxNumber) {
    const problem = taxNumberProblem(clean.taxNumber);
    if (problem) invalid(`购买方${TAX_NUMBER_MESSAGES[problem]}`);
  } else if (type === '数电专票') {
    invalid('开具专票须填写购买方纳税人识别号');
  } else if (!clean.naturalPerson) {
    invalid('企业购买方须填写纳税人识别号');
  }
  if (type === '数电专票' && clean.naturalPerson) invalid('自然人不能作为专票的购买方');
  if ((clean.address + clean.phone).length > MAX_ADDRESS_AND_PHONE) invalid(`购买方地址和电话合计不能超过 ${MAX_ADDRESS_AND_PHONE} 个字`);
  if ((clean.bankName + clean.bankAccount).length > MAX_BANK_AND_ACCOUNT) invalid(`购买方开户行和账号合计不能超过 ${MAX_BANK_AND_ACCOUNT} 个字`);
  return clean;
}

export function checkedRemarks(remarks: string): string {
  const clean = remarks.trim();
  if (clean.length > MAX_REMARKS) invalid(`备注不能超过 ${MAX_REMARKS} 个字`);
  return clean;
}

/** Where an issued invoice is sent: a mobile number and/or an e-mail address, each optional. */
export function checkedDelivery(phone: string, email: string): { deliverPhone: string; deliverEmail: string } {
  const deliverPhone = phone.trim();
  const deliverEmail = email.trim();
  const problem = deliverPhoneProblem(deliverPhone) ?? deliverEmailProblem(deliverEmail);
  if (problem) invalid(problem);
  return { deliverPhone, deliverEmail };
}
