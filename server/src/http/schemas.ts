/** Building blocks of request schemas: every string is bounded, every id has its exact shape. */
import Type, { type TProperties } from 'typebox';

const UUID = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

export const Id = (title: string) => Type.String({ title, pattern: UUID, maxLength: 36 });
export const Text = (title: string, maxLength: number, minLength = 0) => Type.String({ title, maxLength, minLength });
/** A request body: exactly these properties, nothing else. */
export const Body = <P extends TProperties>(properties: P) => Type.Object(properties, { additionalProperties: false });
export const Empty = Type.Object({}, { additionalProperties: false });

/** Paging of every list (SCREENS.md: pages of 20, at most 1000 items in all). */
export const PAGE_SIZE = 20;
export const LIST_LIMIT = 1000;
export const Paging = {
  page: Type.Optional(Type.Integer({ title: '页码', minimum: 1, maximum: LIST_LIMIT })),
  pageSize: Type.Optional(Type.Integer({ title: '每页条数', minimum: 1, maximum: 100 })),
};

export function pageWindow(page = 1, pageSize = PAGE_SIZE): { limit: number; offset: number } {
  const offset = (page - 1) * pageSize;
  return { offset, limit: Math.max(0, Math.min(pageSize, LIST_LIMIT - offset)) };
}
