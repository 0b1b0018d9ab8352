/**
 * `/my/statistics/invoiceStatistics` (开票统计): the company's issued invoices over a range (本月, 近 7 天, 近 30 天,
 * 本年 by month, or custom): totals (开票张数, 蓝票金额, 红票金额, 净额), blue and red bars a day or a month (red below
 * the axis: the server counts them negative, as they are stored), and the issued lines by rate. `statistics/invoice`.
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
import { loadInvoiceStatistics, rateLabel, type InvoiceStatistics } from './invoice-statistics-api';

const isEmpty = (data: InvoiceStatistics) => data.totals.blueCount === 0 && data.totals.redCount === 0;

function InvoiceFigures({ data, by }: { data: InvoiceStatistics; by: StatsRange['by'] }) {
  const { totals } = data;
  const keys = useMemo(() => data.series.map((point) => point.key), [data]);
  const series = useMemo<ChartSeries[]>(
    () => [
      { label: '蓝票', color: '#1677ff', fen: data.series.map((point) => point.blueFen) },
      { label: '红票', color: '#ff3141', fen: data.series.map((point) => point.redFen) },
    ],
    [data],
  );
  return (
    <>
      <StatsTotals
        items={[
          {
            label: '开票张数',
            value: totals.blueCount + totals.redCount,
            note: `蓝票 ${totals.blueCount} 张 · 红票 ${totals.redCount} 张`,
          },
          { label: '蓝票金额', value: formatYuan(totals.blueFen), tone: 'blue' },
          { label: '红票金额', value: formatYuan(totals.redFen), tone: 'red' },
          { label: '净额', value: formatYuan(totals.netFen) },
        ]}
      />
      <section className="stats-section">
        <h2 className="stats-section__title">{by === 'day' ? '每日开票金额' : '每月开票金额'}</h2>
        <StatsChart keys={keys} series={series} label={by === 'day' ? '每日蓝票与红票金额' : '每月蓝票与红票金额'} />
      </section>
      <section className="stats-section">
        <StatsTable
          caption="按税率"
          columns={['税率', '金额', '税额', '价税合计']}
          rows={data.byRate.map((row) => ({
            key: `${row.ratePermille ?? ''}:${row.taxFree ?? ''}`,
            cells: [rateLabel(row), formatYuan(row.netFen), formatYuan(row.taxFen), formatYuan(row.grossFen)],
          }))}
        />
      </section>
    </>
  );
}

export default function InvoiceStatisticsPage() {
  const meta = useRouteMeta();
  const [range, setRange] = useState<StatsRange>(() => presetRange('month'));
  const { loaded, retry } = useStatistics(loadInvoiceStatistics, range);
  return (
    <Page title={meta?.title ?? '开票统计'}>
      <StatsTabs active="invoice" />
      <div className="stats-page">
        <StatsRangeBar value={range} onChange={setRange} />
        <StatsStates loaded={loaded} retry={retry} isEmpty={isEmpty} emptyTitle="区间内暂无开票">
          {(data) => <InvoiceFigures data={data} by={range.by} />}
        </StatsStates>
      </div>
    </Page>
  );
}
