/** Every call of the API (spec §7 and the calls the screens need). */
import type { CallSpec } from '../http/define-call';
import { getAllHotlines, getMyCars, getSysConfig, randomlyGetOneContact, resolveShortLink } from './company-data-calls';
import { createLoginTask, createScanFaceTask, getMyTasks, getTaskDetail, getTaskProcess, reSendSmsCode, submitLoginTaskSmsCode } from './task-calls';
import { approveApplications, issueWaitingApplications, listApplications, myApplications, rejectApplication, submitApplication } from './application-calls';
import { deleteGoods, listGoods, saveGoods } from './goods-calls';
import { createBlueInvoiceTask, createRedInvoiceTask, findBlueInvoice, getInvoice, getInvoiceQrcode, invoiceHomeSummary, invoicePdfLink, listInvoices, resendInvoice, retryTask } from './invoice-calls';
import { agreedAgreement, clearAuthState, getAgreement, getTaxAccount, setTaxAccount } from './tax-account-calls';
import { deleteTitle, getTitle, listTitles, saveTitle, setDefaultTitle } from './title-calls';
import { changeCompany, getMyCompanies, getOfficialAccountLoginUserInfo } from './user-calls';

export const ALL_CALLS = [
  getOfficialAccountLoginUserInfo,
  getMyCompanies,
  changeCompany,
  getTaxAccount,
  setTaxAccount,
  getAgreement,
  agreedAgreement,
  clearAuthState,
  createLoginTask,
  submitLoginTaskSmsCode,
  reSendSmsCode,
  createScanFaceTask,
  getTaskProcess,
  getTaskDetail,
  getMyTasks,
  getMyCars,
  getAllHotlines,
  randomlyGetOneContact,
  getSysConfig,
  resolveShortLink,
  listGoods,
  saveGoods,
  deleteGoods,
  createBlueInvoiceTask,
  createRedInvoiceTask,
  retryTask,
  listInvoices,
  getInvoice,
  findBlueInvoice,
  invoicePdfLink,
  resendInvoice,
  invoiceHomeSummary,
  getInvoiceQrcode,
  submitApplication,
  myApplications,
  listApplications,
  approveApplications,
  rejectApplication,
  issueWaitingApplications,
  listTitles,
  getTitle,
  saveTitle,
  setDefaultTitle,
  deleteTitle,
] as unknown as readonly CallSpec[];
