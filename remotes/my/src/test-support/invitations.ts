/** Test support (never imported by the app): an invitation to the user's phone, as `company/myInvitations` lists it. */
import type { MyInvitation } from '@app/contract/company';

export function invitationFixture(overrides: Partial<MyInvitation> = {}): MyInvitation {
  return {
    id: 'i-1',
    companyName: '杭州优税通科技有限公司',
    xsfNsrsbh: '91330106MA2CFD5R0X',
    role: 'employee',
    roleName: '员工',
    invitedAt: '2026-11-20T02:00:00.000Z',
    ...overrides,
  };
}
