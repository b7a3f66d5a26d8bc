import type { Executor } from '../../db/transaction.ts';

/** A part of the member's export that another module keeps (payments, …). */
export type MemberExportPart = (db: Executor, memberId: string) => Promise<unknown>;

// Modules that keep a member's data add their part when they load, so the export holds it
// without the members module importing them (their modules import this one).
const parts = new Map<string, MemberExportPart>();

/** Adds (or replaces) a named part of every member's export. */
export function addMemberExportPart(name: string, part: MemberExportPart): void {
  parts.set(name, part);
}

/** Every part of the member's export kept by other modules, by name. */
export async function collectExportParts(db: Executor, memberId: string): Promise<Record<string, unknown>> {
  const collected: Record<string, unknown> = {};
  for (const [name, part] of parts) collected[name] = await part(db, memberId);
  return collected;
}
