/** Test support (never imported by the app): invoice applications as `invoiceApplication/list` answers them. */
import type { Application } from '@app/contract/invoice-application';

export function application(id: string, overrides: Partial<Application> = {}): Application {
  return {
    id,
    status: '待审核',
    companyName: '上海示例餐饮有限公司',
    buyer: {
      name: `购买方${id}`,
      taxNumber: '91110108MA01C2QK3D',
      address: '',
      phone: '',
      bankName: '',
      bankAccount: '',
      naturalPerson: false,
    },
    grossFen: 123_450,
    goodsName: '餐饮服务',
    remarks: '',
    deliverPhone: '',
    deliverEmail: '',
    rejectReason: null,
    blockedReason: null,
    invoiceId: null,
    taskId: null,
    source: '店铺码',
    sourceName: '上海示例餐饮有限公司',
    createdAt: '2024-05-01T02:03:00.000Z',
    updatedAt: '2024-05-01T02:03:00.000Z',
    ...overrides,
  };
}
