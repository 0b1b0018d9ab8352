/**
 * The sub-code form's values and rules: a name, optional fixed goods and amount (both or neither, the amount in
 * yuan, more than 0 with at most two decimals) and the enabled switch.
 */
import { formatYuan, parseYuan, yuanInputText } from '@app/domain/money';
import type { SubCode, SubCodeInput } from '../../features/sub-codes/sub-codes-api';

export interface PickedGoods {
  id: string;
  name: string;
}

export interface SubCodeFormValues {
  name: string;
  goods: PickedGoods | null;
  /** What the user typed, in yuan. */
  amount: string;
  enabled: boolean;
}

export const EMPTY_SUB_CODE: SubCodeFormValues = { name: '', goods: null, amount: '', enabled: true };

/** The largest fixed amount the form takes (¥99,999,999.99). */
export const MAX_AMOUNT_FEN = 9_999_999_999;

export function valuesOf(subCode: SubCode): SubCodeFormValues {
  return {
    name: subCode.name,
    goods: subCode.goodsId ? { id: subCode.goodsId, name: subCode.goodsName ?? '' } : null,
    amount: subCode.amountFen === null ? '' : yuanInputText(subCode.amountFen),
    enabled: subCode.enabled,
  };
}

export function nameError(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return '请输入子码名称';
  if (trimmed.length > 30) return '子码名称最多 30 个字';
  return null;
}

/** The amount's own message (format, range), or the both-or-neither one when goods are chosen without it. */
export function amountError(amount: string, goods: PickedGoods | null): string | null {
  const text = amount.trim();
  if (!text) return goods ? '已选固定商品，请填写固定金额' : null;
  const fen = parseYuan(text);
  if (fen === null || fen <= 0) return '请输入大于 0 的金额，最多两位小数';
  if (fen > MAX_AMOUNT_FEN) return `金额不能超过 ${formatYuan(MAX_AMOUNT_FEN)}`;
  return null;
}

/** Goods are needed once an amount is typed (both or neither). */
export function goodsError(goods: PickedGoods | null, amount: string): string | null {
  return !goods && amount.trim() ? '填写了固定金额，请选择固定商品' : null;
}

export function toInput(values: SubCodeFormValues, id: string | null): SubCodeInput {
  const fen = values.goods ? parseYuan(values.amount) : null;
  return {
    ...(id ? { id } : {}),
    name: values.name.trim(),
    goodsId: values.goods && fen !== null ? values.goods.id : null,
    amountFen: values.goods && fen !== null ? fen : null,
    enabled: values.enabled,
  };
}
