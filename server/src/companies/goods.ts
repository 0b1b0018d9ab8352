/**
 * A company's goods as `goods/save` writes them: checked (a name, a rate or how they are untaxed, an entry of the tax
 * classification list shipped in `@app/domain/tax-classification`), trimmed, and new ones inserted. `at`: when they
 * were made (now; the demo history's are past times, db/demo-history.ts).
 */
import { isListedClassification } from '@app/domain/tax-classification';
import type { TaxExemption } from '@app/domain/tax-maths';
import type { Database } from '../db/database';
import { goods } from '../db/schema/companies';
import { invalidField, invalidInput } from '../http/api-failure';

export type GoodsRow = typeof goods.$inferSelect;

export interface GoodsValues {
  name: string;
  taxCode: string;
  taxShortName: string;
  model: string;
  unit: string;
  unitPriceFen: number | null;
  taxRatePermille: number | null;
  taxFree: TaxExemption | null;
}

/** The goods as they are stored, or refused (4000, under the field). */
export function checkedGoods(input: GoodsValues): GoodsValues {
  if ((input.taxRatePermille === null) === (input.taxFree === null)) {
    const message = '请选择税率，或选择免税 / 不征税';
    throw invalidInput(message, { taxRatePermille: message });
  }
  const values = {
    name: input.name.trim(),
    taxCode: input.taxCode,
    taxShortName: input.taxShortName.trim(),
    model: input.model.trim(),
    unit: input.unit.trim(),
    unitPriceFen: input.unitPriceFen,
    taxRatePermille: input.taxRatePermille,
    taxFree: input.taxFree,
  };
  if (!values.name) throw invalidField('name', '请填写商品名称');
  if (!isListedClassification(values.taxCode, values.taxShortName)) throw invalidField('taxCode', '请从税收分类编码表中选择');
  return values;
}

/** New goods of the company (checked with `checkedGoods`). */
export async function createGoods(db: Database, companyId: string, values: GoodsValues, at?: Date): Promise<GoodsRow> {
  const [created] = await db
    .insert(goods)
    .values({ ...checkedGoods(values), companyId, ...(at && { createdAt: at }) })
    .returning();
  if (!created) throw new Error('createGoods: no row');
  return created;
}
