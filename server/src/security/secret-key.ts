/** The key that encrypts secrets at rest: SECRET_KEY, or one generated once into the data folder. */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export async function loadSecretKey(configured: string | null, dataDir: string): Promise<Buffer> {
  if (configured) {
    const key = /^[0-9a-f]{64}$/i.test(configured) ? Buffer.from(configured, 'hex') : Buffer.from(configured, 'base64');
    if (key.length !== 32) throw new Error('SECRET_KEY 必须是 32 字节（64 位十六进制或 base64）');
    return key;
  }
  const file = join(dataDir, 'secret.key');
  try {
    return Buffer.from((await readFile(file, 'utf8')).trim(), 'hex');
  } catch {
    const key = randomBytes(32);
    await mkdir(dataDir, { recursive: true });
    await writeFile(file, key.toString('hex'), { mode: 0o600, flag: 'wx' }).catch(async () => {
      // Another instance wrote it first: use theirs.
      return undefined;
    });
    return Buffer.from((await readFile(file, 'utf8')).trim(), 'hex');
  }
}
