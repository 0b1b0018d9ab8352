/**
 * An export's file in the database (`export_file_chunks`): written through a stream that stores a chunk of
 * CHUNK_BYTES at a time (waiting for each insert, so a fast producer is held back), read back as a stream a chunk at a
 * time. No instance ever holds a whole file, and any instance of the fleet serves any file.
 */
import { Readable, Writable } from 'node:stream';
import { and, asc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { exportFileChunks, exportFiles } from '../db/schema/exports';

export const CHUNK_BYTES = 1024 * 1024;

/**
 * A stream that stores what is written to it as the export's chunks, from seq 0; `bytes` counts what it stored, and
 * it emits `stored` after each chunk.
 */
export class ChunkWriter extends Writable {
  bytes = 0;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private seq = 0;

  constructor(
    private readonly db: Database,
    private readonly exportId: string,
  ) {
    super({ highWaterMark: CHUNK_BYTES });
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    if (this.pendingBytes < CHUNK_BYTES) done();
    else this.flush().then(() => done(), done);
  }

  override _final(done: (error?: Error | null) => void): void {
    this.flush().then(() => done(), done);
  }

  private async flush(): Promise<void> {
    if (!this.pendingBytes) return;
    const data = Buffer.concat(this.pending, this.pendingBytes);
    this.pending = [];
    this.pendingBytes = 0;
    await this.db.insert(exportFileChunks).values({ exportId: this.exportId, seq: this.seq++, data });
    this.bytes += data.length;
    this.emit('stored');
  }
}

/** The export's file as a stream, one chunk read at a time. */
export function readExportFile(db: Database, exportId: string): Readable {
  async function* chunks() {
    let seq = -1;
    for (;;) {
      const [chunk] = await db
        .select({ seq: exportFileChunks.seq, data: exportFileChunks.data })
        .from(exportFileChunks)
        .where(and(eq(exportFileChunks.exportId, exportId), gt(exportFileChunks.seq, seq)))
        .orderBy(asc(exportFileChunks.seq))
        .limit(1);
      if (!chunk) return;
      seq = chunk.seq;
      yield chunk.data;
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}

/** The whole file (an e-mail's attachment: only files up to EXPORT_ATTACH_MAX_BYTES). */
export async function exportFileBuffer(db: Database, exportId: string): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of readExportFile(db, exportId)) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/** Removes what a failed attempt stored, before the next one writes from seq 0. */
export async function clearExportFile(db: Database, exportId: string): Promise<void> {
  await db.delete(exportFileChunks).where(eq(exportFileChunks.exportId, exportId));
}

/** Deletes the files of exports past their time (a few at a call); the rows stay, answered as expired. */
export async function deleteExpiredFiles(db: Database, limit = 20): Promise<void> {
  const expired = db
    .select({ id: exportFiles.id })
    .from(exportFiles)
    .where(and(lt(exportFiles.expiresAt, sql`now()`), sql`${exportFiles.bytes} is not null`))
    .limit(limit);
  const ids = (await expired).map((row) => row.id);
  if (!ids.length) return;
  await db.transaction(async (tx) => {
    await tx.delete(exportFileChunks).where(inArray(exportFileChunks.exportId, ids));
    await tx.update(exportFiles).set({ bytes: null }).where(inArray(exportFiles.id, ids));
  });
}
