// What other modules may read of members by name (the matches module's import).
import type { Executor } from '../../db/transaction.ts';

/** A member found by name: id and the names as stored. */
export interface NamedMember {
  id: string;
  nombre: string;
  apellidos: string;
}

/** Members whose nombre is one of `nombres` (the caller then keeps exact name pairs). */
export async function findMembersByNombres(db: Executor, nombres: readonly string[]): Promise<NamedMember[]> {
  const unique = [...new Set(nombres)];
  const found: NamedMember[] = [];
  // In slices, so that no statement carries more parameters than a database takes.
  for (let i = 0; i < unique.length; i += 500) {
    found.push(
      ...(await db
        .selectFrom('members')
        .select(['id', 'nombre', 'apellidos'])
        .where('nombre', 'in', unique.slice(i, i + 500))
        .execute()),
    );
  }
  return found;
}

/** The member's id and names, or undefined. */
export function findNamedMember(db: Executor, id: string): Promise<NamedMember | undefined> {
  return db.selectFrom('members').select(['id', 'nombre', 'apellidos']).where('id', '=', id).executeTakeFirst();
}
