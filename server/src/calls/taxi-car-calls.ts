/**
 * A taxi manager's cars (docs/domain-rules.md, "Taxis"). `taxiCar/getMyCars` is in service-calls.ts. What the taxi
 * calls share is in server/src/taxi/.
 */
import { audited } from '../audit/audit-trail';
import { and, eq } from 'drizzle-orm';
import { normalizePlate, plateProblem, PLATE_MESSAGES } from '@app/domain/licence-plate';
import { cars } from '../db/schema/taxi';
import { invalidField } from '../http/api-failure';
import { defineCall } from '../http/define-call';
import { TAXI_MANAGER } from '../http/access';
import { companyCar } from '../taxi/company-cars';

const addCar = defineCall('taxiCar/add', {
  access: TAXI_MANAGER,
  handler: async ({ company, body, services }) => {
    const problem = plateProblem(body.licensePlateNumber);
    if (problem) throw invalidField('licensePlateNumber', PLATE_MESSAGES[problem]);
    return audited(
      services.db,
      async (tx) => {
        const [car] = await tx
          .insert(cars)
          .values({ companyId: company.id, licensePlateNumber: normalizePlate(body.licensePlateNumber) })
          .onConflictDoNothing()
          .returning({ id: cars.id, licensePlateNumber: cars.licensePlateNumber });
        if (!car) throw invalidField('licensePlateNumber', '该车牌号已添加');
        return car;
      },
      (car) => ({ type: 'car', id: car.id, summary: `添加车辆 ${car.licensePlateNumber}` }),
    );
  },
});

/** The car goes; its trips keep the plate they were recorded with (their car becomes null), and its day totals stay. */
const removeCar = defineCall('taxiCar/remove', {
  access: TAXI_MANAGER,
  handler: async ({ company, body, services }) => {
    const car = await companyCar(services.db, body.id, company.id);
    await audited(
      services.db,
      (tx) => tx.delete(cars).where(and(eq(cars.id, car.id), eq(cars.companyId, company.id))),
      () => ({ type: 'car', id: car.id, summary: `移除车辆 ${car.licensePlateNumber}` }),
    );
    return { id: car.id };
  },
});

export const taxiCarCalls = [addCar, removeCar];
