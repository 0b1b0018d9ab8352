/** 统计: the company's invoicing and income over a range of China days, by day or by month, computed by the database. */
import Type, { type Static } from 'typebox';
import { Body, call, Day, Nullable, OneOf, READ_ONLY } from './schema-kit';

const Range = {
  from: Day('开始日期'),
  to: Day('结束日期'),
  by: OneOf(['day', 'month'], '统计方式'),
};

export const InvoiceStatistics = Type.Object({
  totals: Type.Object({
    blueCount: Type.Integer(),
    blueFen: Type.Integer(),
    redCount: Type.Integer(),
    redFen: Type.Integer(),
    netFen: Type.Integer(),
  }),
  /** One point a day (`YYYY-MM-DD`) or a month (`YYYY-MM`) of the range, zeros included. */
  series: Type.Array(
    Type.Object({
      key: Type.String(),
      blueCount: Type.Integer(),
      blueFen: Type.Integer(),
      redCount: Type.Integer(),
      redFen: Type.Integer(),
    }),
  ),
  /** Issued lines by rate (per mille) or how they are untaxed; red lines count negative. */
  byRate: Type.Array(
    Type.Object({
      ratePermille: Nullable(Type.Integer()),
      taxFree: Nullable(Type.String()),
      netFen: Type.Integer(),
      taxFen: Type.Integer(),
      grossFen: Type.Integer(),
    }),
  ),
});
export type InvoiceStatistics = Static<typeof InvoiceStatistics>;

export const IncomeStatistics = Type.Object({
  totals: Type.Object({ incomeFen: Type.Integer(), count: Type.Integer(), expenseFen: Type.Integer() }),
  series: Type.Array(Type.Object({ key: Type.String(), incomeFen: Type.Integer(), count: Type.Integer() })),
  byChannel: Type.Array(Type.Object({ channel: Type.String(), incomeFen: Type.Integer(), count: Type.Integer() })),
});
export type IncomeStatistics = Static<typeof IncomeStatistics>;

export const statisticsCalls = {
  'statistics/invoice': call(Body(Range), InvoiceStatistics, READ_ONLY),
  'statistics/income': call(Body(Range), IncomeStatistics, READ_ONLY),
};
