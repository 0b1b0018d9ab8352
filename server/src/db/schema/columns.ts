/** Columns many tables share. */
import { bigint, timestamp } from 'drizzle-orm/pg-core';

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Amounts in fen that may exceed 2^31 (an invoice total of more than 21 million yuan). */
export const fen = (name: string) => bigint(name, { mode: 'number' }).notNull();
