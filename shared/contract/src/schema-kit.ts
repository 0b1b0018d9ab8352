/**
 * Building blocks of the call schemas: every string is bounded, every id has its exact shape, money is integer fen, a
 * property's `title` is its Chinese name (the server's messages name fields by it).
 */
import Type, { type TProperties, type TSchema } from 'typebox';
import type { AuditKind } from '@app/domain/audit-kinds';
import { LIST_LIMIT, MAX_PAGE_SIZE } from './limits';

const UUID = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
/** The largest amount the product takes: 90 billion yuan, safely inside a double and a PostgreSQL bigint. */
export const MAX_FEN = 9_000_000_000_000;

export const Id = (title: string) => Type.String({ title, pattern: UUID, maxLength: 36 });
export const Text = (title: string, maxLength: number, minLength = 0) => Type.String({ title, maxLength, minLength });
/** A request body: exactly these properties, nothing else. */
export const Body = <P extends TProperties>(properties: P) => Type.Object(properties, { additionalProperties: false });
export const Empty = Type.Object({}, { additionalProperties: false });
export const Fen = (title: string, minimum = -MAX_FEN) => Type.Integer({ title, minimum, maximum: MAX_FEN });
/** The schema or null; the union carries the schema's title, so a refusal names the field by it. */
export const Nullable = <T extends TSchema>(schema: T) =>
  Type.Union([schema, Type.Null()], { title: (schema as { title?: string }).title });
/** An instant as ISO 8601 text (`2026-11-23T08:00:00.000Z`); screens format it in China time. */
export const IsoTime = Type.String({ format: 'date-time' });
/** One of a list of values (`enum`), all strings or all numbers: the type is stated too, so a value of another type is refused as such. */
export const OneOf = <const V extends (string | number)[]>(values: readonly [...V], title: string) =>
  Type.Enum(values, { title, type: values.every((value) => Number.isInteger(value)) ? 'integer' : 'string' });

/**
 * A month of the China calendar, `YYYY-MM`, and a day, `YYYY-MM-DD`, within 2000–2099: every date the product asks
 * for (fully digital invoices exist since 2021), and never one a date library or the database cannot represent.
 */
export const Month = (title: string) => Type.String({ title, pattern: '^20\\d{2}-(0[1-9]|1[0-2])$', maxLength: 7 });
export const Day = (title: string) => Type.String({ title, pattern: '^20\\d{2}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$', maxLength: 10 });

/** The paging of a list call: `page` (1-based) and `pageSize` (default 20). */
export const Paging = {
  page: Type.Optional(Type.Integer({ title: '页码', minimum: 1, maximum: LIST_LIMIT })),
  pageSize: Type.Optional(Type.Integer({ title: '每页条数', minimum: 1, maximum: MAX_PAGE_SIZE })),
};

/** A page of a list: its items and how many there are in all (at most LIST_LIMIT). */
export const Paged = <T extends TSchema>(item: T) =>
  Type.Object({ total: Type.Integer({ minimum: 0, maximum: LIST_LIMIT }), list: Type.Array(item) });

/** One call of the API: what its body may be, what its result is, and what it does to the company's state. */
export interface CallContract<B extends TSchema = TSchema, R extends TSchema = TSchema> {
  body: B;
  result: R;
  /**
   * The call only reads: it writes no row and signs in, pays, issues or withdraws nothing, so making it twice is the
   * same as making it once. The fleet's proxy sends such a call again to another instance when the first failed
   * (docs/operations.md, "The fleet"). deploy/test/fleet-nginx-config.test.ts holds the reviewed list;
   * server/test/calls.test.ts checks that none of these calls writes.
   */
  readOnly?: true;
  /** The change the call makes: each success records one audit entry of this kind in the same transaction. */
  changes?: AuditKind;
  /** The call writes only upkeep (a cache, a counter, a lazily made row): it changes no business state, so no audit entry. */
  upkeep?: true;
}

/** How a call is classified: every call says whether it reads, changes (and what), or only keeps things up. */
export type CallClass = { readonly readOnly: true } | { readonly changes: AuditKind } | { readonly upkeep: true };

/** The option of a call that only reads (CallContract's `readOnly`). */
export const READ_ONLY = { readOnly: true } as const satisfies CallClass;
/** The option of a call whose writes are upkeep, not business state (CallContract's `upkeep`). */
export const UPKEEP = { upkeep: true } as const satisfies CallClass;
/** The option of a call that changes business state: its kind in the audit trail. */
export const changes = (kind: AuditKind) => ({ changes: kind }) as const satisfies CallClass;

export const call = <B extends TSchema, R extends TSchema>(body: B, result: R, classification: CallClass): CallContract<B, R> => ({
  body,
  result,
  ...classification,
});

/** Compile-time proof that a schema describes a type defined elsewhere (the domain's): each is assignable to the other. */
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Compile-time proof that what a schema accepts is something a type defined elsewhere can take (a domain request). */
export type Fits<A, B> = [A] extends [B] ? true : false;
