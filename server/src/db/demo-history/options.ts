/** What the demo history is given, and what it reports it wrote. */
export interface DemoHistoryOptions {
  /** The history ends here: the server's start. */
  now: Date;
  /** PAYMENT_SETTLEMENT_DELAY_MS: income paid within it is still 冻结 at the start. */
  settlementDelayMs: number;
  /** The server's public origin (the simulated bureau's QR codes point there; none are drawn here). */
  publicUrl: string;
  /** The demo trading company's tax number (seed.ts). */
  taxNumber: string;
  /** The demo taxi company's (seed.ts): it bills the trading company's rides (its ticket folder, demo-history/ticket-folder.ts). */
  taxiTaxNumber: string;
}

export interface DemoHistorySummary {
  from: Date;
  blueInvoices: number;
  redInvoices: number;
  failedInvoices: number;
  applications: number;
  paidOrders: number;
  withdrawals: number;
  /** In the trading company's ticket folder. */
  tickets: number;
}
