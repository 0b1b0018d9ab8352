/**
 * Codes people type or scan: bind codes and sub-codes are 8 random characters without the ones easily misread (0/O,
 * 1/I), upper case, matched case-insensitively; each has a short link `/t/{code}`. Shop codes and sub-codes are
 * public (the `short_links` table, which anyone may resolve); a bind code is not (it lets its holder join a company):
 * it lives only in `company_bind_codes` and its link resolves for a signed-in user only (`bindLinkTarget`). Every code
 * is one namespace across the three, so no two codes lead to the same link.
 */
import { randomInt } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../db/database';
import { companies, companyBindCodes, subCodes } from '../db/schema/companies';
import { shortLinks } from '../db/schema/service';
import type { RateLimit } from '../http/rate-limiter';

/**
 * How often one client may look a code up, whichever way (GET /t/{code}, shortLink/resolve, a shared trip by its code):
 * one count for all of them, per account and per address, so that neither another way in nor more accounts on one
 * address guess faster. A person scans a few.
 */
export const CODE_LOOKUP_LIMIT = { name: 'code-lookup', max: 60, windowMs: 60_000, perAddress: true } as const satisfies RateLimit;

export const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const CODE_LENGTH = 8;

export function randomCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** What is typed, as codes are stored. */
export function normalisedCode(typed: string): string {
  return typed.trim().toUpperCase();
}

export function shortPathOf(code: string): string {
  return `/t/${code}`;
}

/** Where the short link `/t/{code}` points, or null when there is none. */
export async function shortLinkTarget(db: Database, code: string): Promise<string | null> {
  const [link] = await db.select({ target: shortLinks.target }).from(shortLinks).where(eq(shortLinks.code, code));
  return link?.target ?? null;
}

/** Whether a company's shop code or a bind code (live or not) is this code. */
async function takenOutsideLinks(db: Database, code: string): Promise<boolean> {
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.code, code));
  if (company) return true;
  const [bindCode] = await db.select({ id: companyBindCodes.id }).from(companyBindCodes).where(eq(companyBindCodes.code, code));
  return !!bindCode;
}

/** Makes the public short link `code → target`; false when the code is taken (by a link, a shop code or a bind code). */
export async function claimShortLink(db: Database, code: string, target: string): Promise<boolean> {
  if (await takenOutsideLinks(db, code)) return false;
  const inserted = await db.insert(shortLinks).values({ code, target }).onConflictDoNothing().returning({ code: shortLinks.code });
  return inserted.length > 0;
}

/** A new random code with its public short link to `targetOf(code)`. */
export async function newLinkedCode(db: Database, targetOf: (code: string) => string): Promise<string> {
  for (let attempt = 0; attempt < 8; attempt++) {
    const code = randomCode();
    if (await claimShortLink(db, code, targetOf(code))) return code;
  }
  throw new Error('newLinkedCode: no free code');
}

/** A new random code no link, shop code or bind code has, for a bind code (which has no public link). */
export async function newPrivateCode(db: Database): Promise<string> {
  for (let attempt = 0; attempt < 8; attempt++) {
    const code = randomCode();
    const [link] = await db.select({ code: shortLinks.code }).from(shortLinks).where(eq(shortLinks.code, code));
    if (!link && !(await takenOutsideLinks(db, code))) return code;
  }
  throw new Error('newPrivateCode: no free code');
}

/** The page a live bind code's link `/t/{code}` opens; null when the code is not a live bind code. */
export async function bindLinkTarget(db: Database, code: string): Promise<string | null> {
  const [row] = await db
    .select({ code: companyBindCodes.code })
    .from(companyBindCodes)
    .where(
      and(eq(companyBindCodes.code, normalisedCode(code)), isNull(companyBindCodes.revokedAt), gt(companyBindCodes.expiresAt, new Date())),
    );
  return row ? bindPath(row.code) : null;
}

export const bindPath = (code: string) => `/my/company/bind?code=${code}`;

/** The short link of a company's shop code (`/shop/{code}`), made when first asked for. */
export async function ensureShopLink(db: Database, code: string): Promise<string> {
  await db
    .insert(shortLinks)
    .values({ code, target: `/shop/${code}` })
    .onConflictDoNothing();
  return shortPathOf(code);
}

export type SubCodeRow = typeof subCodes.$inferSelect;

/**
 * A new sub-code of the company (`subCode/save`, after its checks) with a new code and its public short link to its
 * cash desk, `/shop/{code}`, in one transaction. `at`: when it was made (now; the demo history's are past times).
 */
export async function createSubCode(
  db: Database,
  companyId: string,
  values: { name: string; goodsId: string | null; amountFen: number | null; enabled: boolean },
  at?: Date,
): Promise<SubCodeRow> {
  const created = await db.transaction(async (tx) => {
    const code = await newLinkedCode(tx, (linked) => `/shop/${linked}`);
    const [row] = await tx
      .insert(subCodes)
      .values({ ...values, companyId, code, ...(at && { createdAt: at }) })
      .returning();
    return row;
  });
  if (!created) throw new Error('createSubCode: no row');
  return created;
}
