/**
 * `admin_users`, `admin_accounts`, `admin_sessions`: the console's operators, their passwords and their
 * sessions. better-auth signs them in and creates the first one (`npm run operator`, server/admin/operators.ts);
 * an operator invited from the console is created here, in the transaction of the accepted invitation and
 * its journal row, with a password hashed by better-auth and rows as its adapter writes them. Reading,
 * removing and the last sign-in are ours.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { inCallersTransaction, inWriteTransaction, type DatabaseHandle } from '../db/connection';
import type { Database } from '../db/schema';

export interface Operator {
  id: string;
  email: string;
  /** As the operator gave it when accepting an invitation; the e-mail for one added on the command line. */
  name: string;
  createdAt: Date;
  /** Epoch ms of the last sign-in; null: none recorded. */
  lastSignInAt: number | null;
}

export interface NewOperator {
  email: string;
  name: string;
  /** better-auth's hash of the password (`(await auth.$context).password.hash`). */
  passwordHash: string;
}

/** Why an operator was not removed: the only one left, the operator asking, or nobody of that id. */
export type RemoveRefusal = 'last' | 'self' | 'missing';

export interface OperatorsRepository {
  list(): Promise<Operator[]>;
  /** Removes the operator (`email` in lower case) with their sessions; false when there is none. */
  remove(email: string): Promise<boolean>;
  /**
   * The console's «Удалить»: removes the operator of `id` with their sessions (signed out everywhere at
   * once), unless they are the operator asking (`askedBy`, an e-mail) or the last one. In `trx`: the
   * action's, with its journal row. On PostgreSQL the operators' rows are locked first, so two operators
   * removing each other at once cannot leave none.
   */
  removeById(id: string, askedBy: string, trx?: Kysely<Database>): Promise<{ removed: Operator } | { refused: RemoveRefusal }>;
  /** A new operator with a password; null when the e-mail is an operator's already. In `trx`: the accepted invitation's. */
  create(operator: NewOperator, now: number, trx?: Kysely<Database>): Promise<{ id: string } | null>;
  /** The operator `email` names themself (1 to 100 characters, as an invitation takes it); false when there is no such operator. */
  rename(email: string, name: string, now: number, trx?: Kysely<Database>): Promise<boolean>;
  /** When `email` signed in (the sign-in form, an accepted invitation). */
  recordSignIn(email: string, now: number, trx?: Kysely<Database>): Promise<void>;
}

type OperatorRow = Pick<Database['admin_users'], 'id' | 'email' | 'name' | 'createdAt' | 'lastSignInAt'>;

function operatorOf(row: OperatorRow): Operator {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    createdAt: new Date(row.createdAt),
    lastSignInAt: row.lastSignInAt === null ? null : Number(row.lastSignInAt),
  };
}

export function createOperatorsRepository(handle: DatabaseHandle): OperatorsRepository {
  const postgres = handle.dialect === 'postgres';
  // better-auth's Kysely adapter writes dates as ISO text on SQLite and as timestamptz on PostgreSQL, flags as 0/1 on SQLite.
  const authDate = (at: number) => (postgres ? new Date(at) : new Date(at).toISOString());
  const columns = ['id', 'email', 'name', 'createdAt', 'lastSignInAt'] as const;
  return {
    async list() {
      const rows = await handle.db.selectFrom('admin_users').select(columns).orderBy('email').execute();
      return rows.map(operatorOf);
    },

    remove: (email) =>
      inWriteTransaction(handle, async (trx) => {
        // With their sessions: signed out everywhere at once.
        const user = await trx.selectFrom('admin_users').select('id').where('email', '=', email).executeTakeFirst();
        if (!user) return false;
        await deleteOperator(trx, user.id);
        return true;
      }),

    removeById: (id, askedBy, trx) =>
      inCallersTransaction(handle, trx, async (db) => {
        const rows = await db
          .selectFrom('admin_users')
          .select(columns)
          .$if(postgres, (query) => query.forUpdate())
          .execute();
        const target = rows.find((row) => row.id === id);
        if (!target) return { refused: 'missing' as const };
        if (target.email === askedBy.trim().toLowerCase()) return { refused: 'self' as const };
        if (rows.length <= 1) return { refused: 'last' as const };
        await deleteOperator(db, id);
        return { removed: operatorOf(target) };
      }),

    create: (operator, now, trx) =>
      inCallersTransaction(handle, trx, async (db) => {
        const email = operator.email.trim().toLowerCase();
        if (await db.selectFrom('admin_users').select('id').where('email', '=', email).executeTakeFirst()) return null;
        const id = randomUUID();
        await db
          .insertInto('admin_users')
          .values({
            id,
            email,
            name: operator.name,
            emailVerified: postgres ? true : 1,
            image: null,
            createdAt: authDate(now),
            updatedAt: authDate(now),
            lastSignInAt: null,
          })
          .execute();
        // better-auth's email-and-password account: provider `credential`, the account id the user's.
        await db
          .insertInto('admin_accounts')
          .values({
            id: randomUUID(),
            accountId: id,
            providerId: 'credential',
            userId: id,
            password: operator.passwordHash,
            createdAt: authDate(now),
            updatedAt: authDate(now),
          })
          .execute();
        return { id };
      }),

    async rename(email, name, now, trx = handle.db) {
      const result = await trx
        .updateTable('admin_users')
        .set({ name, updatedAt: authDate(now) })
        .where('email', '=', email.trim().toLowerCase())
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async recordSignIn(email, now, trx = handle.db) {
      await trx.updateTable('admin_users').set({ lastSignInAt: now }).where('email', '=', email.trim().toLowerCase()).execute();
    },
  };
}

async function deleteOperator(trx: Kysely<Database>, id: string): Promise<void> {
  await trx.deleteFrom('admin_sessions').where('userId', '=', id).execute();
  await trx.deleteFrom('admin_accounts').where('userId', '=', id).execute();
  await trx.deleteFrom('admin_users').where('id', '=', id).execute();
}
