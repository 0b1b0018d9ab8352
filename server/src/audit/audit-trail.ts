/**
 * Recording the audit trail: register-calls.ts runs each call inside an audit scope (who, their role, the company, the
 * request id and address, and the kind the contract gives the call); a changing call's handler records its one entry
 * with `recordAudit` inside the transaction that makes the change, so the entry and the change commit or fail together.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { AuditKind, AuditObjectType } from '@app/domain/audit-kinds';
import type { Database } from '../db/database';
import { auditEntries } from '../db/schema/audit';

export interface AuditScope {
  userId: string | null;
  role: string | null;
  companyId: string | null;
  requestId: string;
  ip: string;
  /** The call's kind of change (null: the call reads or only keeps things up). */
  kind: AuditKind | null;
}

/** What the change was made to. `companyId`/`role`: when it belongs to another company than the caller's current one. */
export interface AuditObject {
  type: AuditObjectType;
  id: string | null;
  summary: string;
  companyId?: string | null;
  role?: string | null;
}

const scopes = new AsyncLocalStorage<AuditScope>();

export function withAuditScope<T>(scope: AuditScope, work: () => Promise<T>): Promise<T> {
  return scopes.run(scope, work);
}

/**
 * Writes the call's entry with `tx` (the change's transaction). Outside a changing call (the task worker, seeds, a read)
 * it writes nothing: only calls are audited, each once.
 */
export async function recordAudit(tx: Database, object: AuditObject): Promise<void> {
  const scope = scopes.getStore();
  if (!scope?.kind || !scope.userId) return;
  const companyId = object.companyId === undefined ? scope.companyId : object.companyId;
  await tx.insert(auditEntries).values({
    companyId,
    userId: scope.userId,
    role: object.role === undefined ? (companyId === scope.companyId ? scope.role : null) : object.role,
    kind: scope.kind,
    objectType: object.type,
    objectId: object.id,
    summary: object.summary.slice(0, 200),
    requestId: scope.requestId,
    ip: scope.ip,
  });
}

/** A change made in one transaction, and its entry in it: `work` gets the transaction, `objectOf` names what it changed. */
export function audited<T>(db: Database, work: (tx: Database) => Promise<T>, objectOf: (result: T) => AuditObject): Promise<T> {
  return db.transaction(async (tx) => {
    const result = await work(tx);
    await recordAudit(tx, objectOf(result));
    return result;
  });
}
