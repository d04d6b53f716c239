/**
 * `admin_users`, `admin_accounts`, `admin_sessions`: the console's operators, their passwords and their
 * sessions. better-auth creates and signs them in (server/admin/operators.ts); reading and removing is ours.
 */
import { inWriteTransaction, type DatabaseHandle } from '../db/connection';

export interface Operator {
  id: string;
  email: string;
  createdAt: Date;
}

export interface OperatorsRepository {
  list(): Promise<Operator[]>;
  /** Removes the operator (`email` in lower case) with their sessions; false when there is none. */
  remove(email: string): Promise<boolean>;
}

export function createOperatorsRepository(handle: DatabaseHandle): OperatorsRepository {
  return {
    async list() {
      const rows = await handle.db.selectFrom('admin_users').select(['id', 'email', 'createdAt']).orderBy('email').execute();
      return rows.map((row) => ({ id: row.id, email: row.email, createdAt: new Date(row.createdAt) }));
    },

    remove: (email) =>
      inWriteTransaction(handle, async (trx) => {
        // With their sessions: signed out everywhere at once.
        const user = await trx.selectFrom('admin_users').select('id').where('email', '=', email).executeTakeFirst();
        if (!user) return false;
        await trx.deleteFrom('admin_sessions').where('userId', '=', user.id).execute();
        await trx.deleteFrom('admin_accounts').where('userId', '=', user.id).execute();
        await trx.deleteFrom('admin_users').where('id', '=', user.id).execute();
        return true;
      }),
  };
}
