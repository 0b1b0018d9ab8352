/**
 * Codes people type or scan: bind codes and sub-codes are 8 random characters without the ones easily misread (0/O,
 * 1/I), upper case, matched case-insensitively; each has a short link `/t/{code}` (the `short_links` table, one
 * namespace for every code, so no two codes lead to the same link).
 */
import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/database';
import { companies, shortLinks } from '../db/schema';

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

/** Makes the short link `code → target`; false when the code is taken (by a link or a company's shop code). */
export async function claimShortLink(db: Database, code: string, target: string): Promise<boolean> {
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.code, code));
  if (company) return false;
  const inserted = await db.insert(shortLinks).values({ code, target }).onConflictDoNothing().returning({ code: shortLinks.code });
  return inserted.length > 0;
}

/** A new random code with its short link to `targetOf(code)`. */
export async function newLinkedCode(db: Database, targetOf: (code: string) => string): Promise<string> {
  for (let attempt = 0; attempt < 8; attempt++) {
    const code = randomCode();
    if (await claimShortLink(db, code, targetOf(code))) return code;
  }
  throw new Error('newLinkedCode: no free code');
}

/** The short link of a company's shop code (`/shop/{code}`), made when first asked for. */
export async function ensureShopLink(db: Database, code: string): Promise<string> {
  await db.insert(shortLinks).values({ code, target: `/shop/${code}` }).onConflictDoNothing();
  return shortPathOf(code);
}
