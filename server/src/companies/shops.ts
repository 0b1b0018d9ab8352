/**
 * What is behind a code a customer scanned: the company's shop code or one of its sub-codes, and whether it takes
 * payments now (a disabled sub-code, an expired service). `shop/get` shows it; `cash/createOrder` refuses to take
 * money where it says closed.
 */
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/database';
import { companies, goods, subCodes } from '../db/schema/companies';
import { ApiFailure, ErrorCode } from '../http/api-failure';
import { normalisedCode } from './codes';

export const SERVICE_EXPIRED_CLOSED = '商户服务已到期，暂不能收款';
export const SUB_CODE_DISABLED = '该收款码已停用';

export interface Shop {
  companyId: string;
  code: string;
  shopName: string;
  subCode: { id: string; name: string } | null;
  /** The sub-code's fixed goods and amount (both or neither). */
  goods: { id: string; name: string } | null;
  amountFen: number | null;
  closedReason: string | null;
}

/** The shop of a code (4004 when there is none). */
export async function resolveShop(db: Database, code: string): Promise<Shop> {
  const typed = code.trim();
  const expired = (serviceExpiresAt: Date) => serviceExpiresAt.getTime() < Date.now();
  const [company] = await db
    .select({ id: companies.id, code: companies.code, name: companies.name, serviceExpiresAt: companies.serviceExpiresAt })
    .from(companies)
    .where(inArray(companies.code, [...new Set([typed, normalisedCode(typed)])]));
  if (company) {
    return {
      companyId: company.id,
      code: company.code,
      shopName: company.name,
      subCode: null,
      goods: null,
      amountFen: null,
      closedReason: expired(company.serviceExpiresAt) ? SERVICE_EXPIRED_CLOSED : null,
    };
  }
  const [row] = await db
    .select({ subCode: subCodes, goodsName: goods.name, shopName: companies.name, serviceExpiresAt: companies.serviceExpiresAt })
    .from(subCodes)
    .innerJoin(companies, eq(companies.id, subCodes.companyId))
    .leftJoin(goods, eq(goods.id, subCodes.goodsId))
    .where(eq(subCodes.code, normalisedCode(typed)));
  if (!row) throw new ApiFailure(ErrorCode.NotFound, '店铺不存在');
  const { subCode } = row;
  const fixed = subCode.goodsId && row.goodsName !== null ? { id: subCode.goodsId, name: row.goodsName } : null;
  return {
    companyId: subCode.companyId,
    code: subCode.code,
    shopName: row.shopName,
    subCode: { id: subCode.id, name: subCode.name },
    goods: fixed,
    amountFen: fixed ? subCode.amountFen : null,
    closedReason: !subCode.enabled ? SUB_CODE_DISABLED : expired(row.serviceExpiresAt) ? SERVICE_EXPIRED_CLOSED : null,
  };
}
