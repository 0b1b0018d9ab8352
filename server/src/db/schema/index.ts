/**
 * The one schema of the server (PGlite by default, PostgreSQL in production), one file per area. Money is integer
 * fen. Every company-level row carries its company, and every query of company data is scoped to the caller's company.
 * Migrations are generated from it (`pnpm --filter @app/server db:generate`) into `server/drizzle/`.
 */
// Exists only for drizzle-kit (drizzle.config.ts) and the database's typed handle; code imports tables from their area's file.
export * from './agreements';
export * from './audit';
export * from './cash';
export * from './companies';
export * from './etax-simulator';
export * from './exports';
export * from './invoice-totals';
export * from './invoices';
export * from './ledger';
export * from './payouts';
export * from './releases';
export * from './service';
export * from './tasks';
export * from './tax-accounts';
export * from './taxi';
export * from './tickets';
export * from './titles';
export * from './users';
