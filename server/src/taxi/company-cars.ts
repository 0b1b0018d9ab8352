/** A company's cars as the taxi calls look them up (docs/domain-rules.md, "Taxis"). */
import { eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { cars } from '../db/schema/taxi';
import { ApiFailure, ErrorCode } from '../http/api-failure';

/** A car of the caller's company: 4004 when there is none, 1004 when another company's. */
export async function companyCar(db: Database, id: string, companyId: string) {
  const [car] = await db.select().from(cars).where(eq(cars.id, id.toLowerCase()));
  if (!car) throw new ApiFailure(ErrorCode.NotFound, '车辆不存在');
  if (car.companyId !== companyId) throw new ApiFailure(ErrorCode.NoAccess, '无权访问该企业的车辆');
  return car;
}
