/** Every call of the API (spec §7 and the calls the screens need). */
import type { CallSpec } from '../http/define-call';
import { getAllHotlines, getMyCars, getSysConfig, randomlyGetOneContact, resolveShortLink } from './company-data-calls';
import { createLoginTask, createScanFaceTask, getMyTasks, getTaskDetail, getTaskProcess, reSendSmsCode, submitLoginTaskSmsCode } from './task-calls';
import { agreedAgreement, clearAuthState, getAgreement, getTaxAccount, setTaxAccount } from './tax-account-calls';
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
] as unknown as readonly CallSpec[];
