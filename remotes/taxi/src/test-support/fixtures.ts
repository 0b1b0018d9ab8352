/** Trips, cars and users as the taxi pages' tests answer them. */
import type { TaxiTrip } from '@app/contract/taxi';
import { userDetail } from '@app/host-sdk/testing';

export const CARS = [
  { id: 'car-1', licensePlateNumber: '浙A·T1234' },
  { id: 'car-2', licensePlateNumber: '浙A·D12345' },
];

/** A taxi company's manager (company_manage and taxi_trip_manage). */
export const TAXI_MANAGER = userDetail({ permissions: ['company_manage', 'company_user_role', 'taxi_trip_manage'] });
/** A driver: a company employee with taxi_trip_manage, not a manager. */
export const TAXI_DRIVER = userDetail({ nickname: '王师傅', permissions: ['company_user_role', 'taxi_trip_manage'] });
/** A passenger: no company. */
export const PASSENGER = userDetail({
  id: 'u-9',
  nickname: '乘客小张',
  company: false,
  companyUser: false,
  companyInfo: null,
  permissions: [],
  account: { username: null, agreed: false, privacyPolicyVersion: null },
});

export function trip(overrides: Partial<TaxiTrip> = {}): TaxiTrip {
  return {
    id: 'trip-1',
    carId: 'car-1',
    licensePlateNumber: '浙A·T1234',
    companyName: '杭州示例出租汽车有限公司',
    startTime: '2026-03-01T01:00:00.000Z',
    endTime: '2026-03-01T01:25:00.000Z',
    fromPlace: '杭州东站',
    toPlace: '西湖文化广场',
    distanceMetres: 12_350,
    fareFen: 4_650,
    state: '待领取',
    shareCode: 'AbC123xyz',
    receivedAt: null,
    receivedByMe: false,
    passengerName: null,
    invoiceBuyer: null,
    deliverPhone: null,
    deliverEmail: null,
    invoiceId: null,
    invoiceNumber: null,
    createdAt: '2026-03-01T01:26:00.000Z',
    ...overrides,
  };
}
