/** `statistics/income`: the company's income (and expenses) over a range of China days, by channel. */
import type { IncomeStatistics } from '@app/contract/statistics';
import { callApi } from '@app/host-sdk/api-client';
import type { StatsBody } from '../../features/stats-chart/use-statistics';

export type { IncomeStatistics };

export function loadIncomeStatistics(body: StatsBody): Promise<IncomeStatistics> {
  return callApi('statistics/income', body);
}

const CHANNELS: Record<string, string> = { wechat: '微信', alipay: '支付宝', demo: '演示', bank: '银行' };

/** A channel in Chinese (an unknown one as the server names it). */
export const channelLabel = (channel: string): string => CHANNELS[channel] ?? channel;
