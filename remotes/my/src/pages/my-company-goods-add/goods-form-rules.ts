/**
 * The goods form's values, its rules, and the body `goods/save` takes. Money is typed in yuan and sent in fen
 * (`@app/domain/money`); the rates offered are the domain's VAT rates, then 免税 and 不征税 (as the invoice form offers
 * them).
 */
import { findTaxClassification } from '@app/domain/tax-classification';
import { formatYuan, parseYuan } from '@app/domain/money';
import { VAT_RATES_PERMILLE, type TaxExemption } from '@app/domain/tax-maths';
import type { Rule } from '@app/ui/form';
import type { Goods } from '@app/contract/goods';
import type { CallBody } from '@app/contract/api';

export type SaveGoodsBody = CallBody<'goods/save'>;

/** The chosen tax classification: its 19-digit code, its short name and (when the table knows it) its full name. */
export interface ChosenClass {
  code: string;
  shortName: string;
  name: string;
}

/** The form's own shape: the Selector holds its choice in an array. */
export interface GoodsFormShape {
  name: string;
  taxClass: ChosenClass | null;
  model: string;
  unit: string;
  /** Yuan, as typed. */
  unitPrice: string;
  rate: string[];
}

const EXEMPTIONS: readonly TaxExemption[] = ['免税', '不征税'];

/** 13%, 9%, …, 0%, 免税, 不征税: the most used first. */
export const RATE_OPTIONS: { label: string; value: string }[] = [
  ...[...VAT_RATES_PERMILLE].reverse().map((permille) => ({ label: `${permille / 10}%`, value: String(permille) })),
  ...EXEMPTIONS.map((exemption) => ({ label: exemption, value: exemption })),
];

/** The largest amount the contract takes, in fen. */
const MAX_FEN = 9_000_000_000_000;

export const EMPTY_GOODS: GoodsFormShape = { name: '', taxClass: null, model: '', unit: '', unitPrice: '', rate: [] };

export function shapeOf(goods: Goods): GoodsFormShape {
  const known = findTaxClassification(goods.taxCode);
  return {
    name: goods.name,
    taxClass: { code: goods.taxCode, shortName: goods.taxShortName, name: known?.name ?? '' },
    model: goods.model,
    unit: goods.unit,
    unitPrice: goods.unitPriceFen === null ? '' : formatYuan(goods.unitPriceFen).replace(/[¥,]/g, ''),
    rate: [goods.taxFree ?? String(goods.taxRatePermille ?? '')].filter(Boolean),
  };
}

/** What the unit price field says is wrong with it, or null (empty is fine: the price is optional). */
export function unitPriceProblem(text: string): string | null {
  const typed = text.trim();
  if (!typed) return null;
  const fen = parseYuan(typed);
  if (fen === null) return '请填写正确的金额，最多两位小数';
  if (fen <= 0) return '单价须大于 0';
  if (fen > MAX_FEN) return '单价过大';
  return null;
}

export const goodsRules = {
  name: [
    { required: true, whitespace: true, message: '请填写商品名称' },
    { max: 90, message: '商品名称最多 90 个字' },
  ] satisfies Rule[],
  taxClass: [{ required: true, message: '请选择税收分类编码' }] satisfies Rule[],
  model: [{ max: 40, message: '规格型号最多 40 个字' }] satisfies Rule[],
  unit: [{ max: 20, message: '单位最多 20 个字' }] satisfies Rule[],
  unitPrice: [
    {
      validator: async (_rule: unknown, value: string | undefined) => {
        const problem = unitPriceProblem(value ?? '');
        if (problem) throw new Error(problem);
      },
    },
  ] satisfies Rule[],
  rate: [{ required: true, type: 'array', min: 1, message: '请选择税率' }] satisfies Rule[],
};

/** The body of `goods/save` (with `id` when editing). */
export function bodyOf(shape: GoodsFormShape, id: string | null): SaveGoodsBody {
  const rate = shape.rate[0] ?? '';
  const exemption = EXEMPTIONS.find((item) => item === rate) ?? null;
  const price = shape.unitPrice.trim();
  return {
    ...(id ? { id } : {}),
    name: shape.name.trim(),
    taxCode: shape.taxClass?.code ?? '',
    taxShortName: shape.taxClass?.shortName ?? '',
    model: shape.model.trim(),
    unit: shape.unit.trim(),
    unitPriceFen: price ? parseYuan(price) : null,
    taxRatePermille: exemption ? null : (Number(rate) as SaveGoodsBody['taxRatePermille']),
    taxFree: exemption,
  };
}

/** A field of the body → the form's field it shows under. */
export function fieldOfBodyPath(path: string): string | null {
  switch (path) {
    case 'taxCode':
    case 'taxShortName':
      return 'taxClass';
    case 'unitPriceFen':
      return 'unitPrice';
    case 'taxRatePermille':
    case 'taxFree':
      return 'rate';
    case 'name':
    case 'model':
    case 'unit':
      return path;
    default:
      return null;
  }
}
