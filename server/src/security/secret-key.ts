/**
 * The key that encrypts secrets at rest and signs PDF links: SECRET_KEY, or one generated once into the data folder.
 * Whatever its source, it must be 32 bytes that look random: the server refuses to start on a key that is empty, of
 * another length, malformed, or weak (one byte repeated, a short pattern), with a message that says what to do.
 */
import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const SECRET_KEY_BYTES = 32;
/** A random 32-byte key has about 28 distinct byte values; fewer than this is a pattern, not a key. */
const MIN_DISTINCT_BYTES = 12;

export class SecretKeyError extends Error {
  override name = 'SecretKeyError';
}

const HOW_TO_MAKE_ONE = "可用 node -e \"console.log(require('crypto').randomBytes(32).toString('hex'))\" 生成";

/** The key in `text` (64 hex digits or base64 of 32 bytes), checked; `source` names where it came from. */
export function parseSecretKey(text: string, source: string): Buffer {
  const trimmed = text.trim();
  let key: Buffer | null = null;
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) key = Buffer.from(trimmed, 'hex');
  else if (/^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)) key = Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  if (!key || key.length !== SECRET_KEY_BYTES) {
    throw new SecretKeyError(`${source} 无效：密钥必须是 ${SECRET_KEY_BYTES} 字节（64 位十六进制或 base64）。${HOW_TO_MAKE_ONE}`);
  }
  if (new Set(key).size < MIN_DISTINCT_BYTES) {
    throw new SecretKeyError(`${source} 太弱：密钥必须是随机生成的 ${SECRET_KEY_BYTES} 字节，不能是重复或有规律的内容。${HOW_TO_MAKE_ONE}`);
  }
  return key;
}

export async function loadSecretKey(configured: string | null, dataDir: string): Promise<Buffer> {
  if (configured !== null) return parseSecretKey(configured, 'SECRET_KEY');
  const file = join(dataDir, 'secret.key');
  let stored: string | null = null;
  try {
    stored = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  if (stored === null) {
    await mkdir(dataDir, { recursive: true });
    // Written whole under another name, then linked into place (which fails if it exists): an instance starting at
    // the same time never reads a half-written key, and when another wrote it first, theirs is kept and read below.
    const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await writeFile(draft, randomBytes(SECRET_KEY_BYTES).toString('hex'), { mode: 0o600 });
    try {
      await link(draft, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      await rm(draft, { force: true });
    }
    stored = await readFile(file, 'utf8');
  }
  return parseSecretKey(stored, file);
}
