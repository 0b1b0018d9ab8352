/** Every call of the API: each calls file's own list. A test checks that they are exactly the contract's calls. */
import type { CallSpec } from '../http/define-call';
import { accountCalls } from './account-calls';
import { applicationCalls } from './application-calls';
import { auditCalls } from './audit-calls';
import { bindCodeCalls } from './bind-code-calls';
import { cashCalls } from './cash-calls';
import { clientReportCalls } from './client-report-calls';
import { exportCalls } from './export-calls';
import { companyUserCalls } from './company-user-calls';
import { goodsCalls } from './goods-calls';
import { incomeStatisticsCalls } from './income-statistics-calls';
import { invitationCalls } from './invitation-calls';
import { invoiceCalls } from './invoice-calls';
import { lifeServiceCalls } from './life-service-calls';
import { paymentCalls } from './payment-calls';
import { serviceCalls } from './service-calls';
import { statisticsCalls } from './statistics-calls';
import { subCodeCalls } from './sub-code-calls';
import { taskCalls } from './task-calls';
import { taxiCarCalls } from './taxi-car-calls';
import { taxiInvoiceCalls } from './taxi-invoice-calls';
import { taxiTripCalls } from './taxi-trip-calls';
import { taxAccountCalls } from './tax-account-calls';
import { ticketCalls } from './ticket-calls';
import { titleCalls } from './title-calls';
import { userCalls } from './user-calls';
import { walletCalls } from './wallet-calls';

export const ALL_CALLS: readonly CallSpec[] = [
  ...userCalls,
  ...companyUserCalls,
  ...invitationCalls,
  ...taxAccountCalls,
  ...taskCalls,
  ...serviceCalls,
  ...taxiCarCalls,
  ...taxiTripCalls,
  ...taxiInvoiceCalls,
  ...goodsCalls,
  ...invoiceCalls,
  ...applicationCalls,
  ...titleCalls,
  ...bindCodeCalls,
  ...subCodeCalls,
  ...lifeServiceCalls,
  ...statisticsCalls,
  ...cashCalls,
  ...clientReportCalls,
  ...paymentCalls,
  ...walletCalls,
  ...incomeStatisticsCalls,
  ...ticketCalls,
  ...exportCalls,
  ...auditCalls,
  ...accountCalls,
] as readonly CallSpec[];
