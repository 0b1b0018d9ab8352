/**
 * `/my/statistics/incomeStatistics` (收入统计): the company's income over a range (本月, 近 7 天, 近 30 天, 本年 by
 * month, or custom): totals (收入金额, 笔数, 支出), income bars a day or a month, and the income by channel (微信,
 * 支付宝, 演示). `statistics/income`.
 */
import { useMemo, useState } from 'react';
import { formatYuan } from '@app/domain/money';
import { useRouteMeta } from '@app/host-sdk/router';
import { Page } from '@app/ui/page';
import { StatsChart, type ChartSeries } from '../../features/stats-chart/StatsChart';
import { StatsRangeBar } from '../../features/stats-chart/StatsRangeBar';
import { StatsStates } from '../../features/stats-chart/StatsStates';
import { StatsTable } from '../../features/stats-chart/StatsTable';
import { StatsTabs } from '../../features/stats-chart/StatsTabs';
import { StatsTotals } from '../../features/stats-chart/StatsTotals';
import { presetRange, type StatsRange } from '../../features/stats-chart/stats-range';
import { useStatistics } from '../../features/stats-chart/use-statistics';
import { channelLabel, loadIncomeStatistics, type IncomeStatistics } from './income-statistics-api';

const isEmpty = (data: IncomeStatistics) => data.totals.count === 0 && data.totals.incomeFen === 0 && data.totals.expenseFen === 0;

function IncomeFigures({ data, by }: { data: IncomeStatistics; by: StatsRange['by'] }) {
  const { totals } = data;
  const keys = useMemo(() => data.series.map((point) => point.key), [data]);
  const series = useMemo<ChartSeries[]>(
    () => [{ label: '收入', color: '#00b578', fen: data.series.map((point) => point.incomeFen) }],
    [data],
  );
  return (
    <>
      <StatsTotals
        items={[
          { label: '收入金额', value: formatYuan(totals.incomeFen), tone: 'green' },
          { label: '笔数', value: totals.count },
          { label: '支出', value: formatYuan(totals.expenseFen) },
        ]}
      />
      <section className="stats-section">
        <h2 className="stats-section__title">{by === 'day' ? '每日收入' : '每月收入'}</h2>
        <StatsChart keys={keys} series={series} label={by === 'day' ? '每日收入金额' : '每月收入金额'} />
      </section>
      {data.byChannel.length ? (
        <section className="stats-section">
          <StatsTable
            caption="按渠道"
            columns={['渠道', '笔数', '收入金额']}
            rows={data.byChannel.map((row) => ({
              key: row.channel,
              cells: [channelLabel(row.channel), row.count, formatYuan(row.incomeFen)],
            }))}
          />
        </section>
      ) : null}
    </>
  );
}

export default function IncomeStatisticsPage() {
  const meta = useRouteMeta();
  const [range, setRange] = useState<StatsRange>(() => presetRange('month'));
  const { loaded, retry } = useStatistics(loadIncomeStatistics, range);
  return (
    <Page title={meta?.title ?? '收入统计'}>
      <StatsTabs active="income" />
      <div className="stats-page">
        <StatsRangeBar value={range} onChange={setRange} />
        <StatsStates loaded={loaded} retry={retry} isEmpty={isEmpty} emptyTitle="区间内暂无收入">
          {(data) => <IncomeFigures data={data} by={range.by} />}
        </StatsStates>
      </div>
    </Page>
  );
}
