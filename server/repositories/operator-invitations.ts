/**
 * `admin_invitations`: operators invited by a one-time link (console «Операторы»). Only the SHA-256 of a
 * link's token is kept (server/admin/invitations.ts makes and hashes tokens); an invitation is accepted
 * once, before it expires.
 */
import type { Kysely } from 'kysely';
import { inCallersTransaction, type DatabaseHandle } from '../db/connection';
import type { Database } from '../db/schema';

export interface OperatorInvitation {
  id: number;
  email: string;
  invitedBy: string;
  createdAt: number;
  expiresAt: number;
  acceptedAt: number | null;
}

export interface NewInvitation {
  email: string;
  tokenHash: string;
  invitedBy: string;
  expiresAt: number;
}

export interface OperatorInvitationsRepository {
  /**
   * A new invitation of `email` (lower case); the ones not yet accepted for the same address go (their
   * links stop working: the newest link is the one that counts). In `trx`: the console action's, with its journal row.
   */
  create(invitation: NewInvitation, now: number, trx?: Kysely<Database>): Promise<OperatorInvitation>;
  /** The invitation of a token's hash, whatever its state. */
  findByTokenHash(tokenHash: string): Promise<OperatorInvitation | undefined>;
  /**
   * Marks the invitation of `tokenHash` accepted if it is still open at `now`; the invitation, or null when
   * it is gone, expired or accepted already (also by a request at the same moment: one of them wins).
   */
  accept(tokenHash: string, now: number, trx?: Kysely<Database>): Promise<OperatorInvitation | null>;
  /** The invitations still open at `now`, newest first. */
  open(now: number): Promise<OperatorInvitation[]>;
  /**
   * «Отозвать»: deletes the invitation of `id` unless it was accepted (its link then answers as for no
   * invitation at all); the invitation withdrawn, or null when there is none to withdraw. In `trx`: the
   * console action's, with its journal row.
   */
  withdraw(id: number, trx?: Kysely<Database>): Promise<OperatorInvitation | null>;
  /** Deletes the invitations accepted or expired before `at` (the retention; «Журнал» keeps their story); how many went. */
  deleteSpentBefore(at: number): Promise<number>;
}

const columns = ['id', 'email', 'invited_by', 'created_at', 'expires_at', 'accepted_at'] as const;

interface InvitationRow {
  id: number;
  email: string;
  invited_by: string;
  created_at: number;
  expires_at: number;
  accepted_at: number | null;
}

function invitationOf(row: InvitationRow): OperatorInvitation {
  return {
    id: Number(row.id),
    email: row.email,
    invitedBy: row.invited_by,
    createdAt: Number(row.created_at),
    expiresAt: Number(row.expires_at),
    acceptedAt: row.accepted_at === null ? null : Number(row.accepted_at),
  };
}

export function createOperatorInvitationsRepository(handle: DatabaseHandle): OperatorInvitationsRepository {
  const { db } = handle;
  return {
    create: (invitation, now, trx) =>
      inCallersTransaction(handle, trx, async (tx) => {
        await tx.deleteFrom('admin_invitations').where('email', '=', invitation.email).where('accepted_at', 'is', null).execute();
        const row = await tx
          .insertInto('admin_invitations')
          .values({
            email: invitation.email,
            token_hash: invitation.tokenHash,
            invited_by: invitation.invitedBy,
            created_at: now,
            expires_at: invitation.expiresAt,
            accepted_at: null,
          })
          .returning(columns)
          .executeTakeFirstOrThrow();
        return invitationOf(row);
      }),

    async findByTokenHash(tokenHash) {
      const row = await db.selectFrom('admin_invitations').select(columns).where('token_hash', '=', tokenHash).executeTakeFirst();
      return row && invitationOf(row);
    },

    accept: (tokenHash, now, trx) =>
      inCallersTransaction(handle, trx, async (tx) => {
        // One conditional statement: of two acceptances at once, one updates the row, the other none.
        const row = await tx
          .updateTable('admin_invitations')
          .set({ accepted_at: now })
          .where('token_hash', '=', tokenHash)
          .where('accepted_at', 'is', null)
          .where('expires_at', '>', now)
          .returning(columns)
          .executeTakeFirst();
        return row ? invitationOf(row) : null;
      }),

    async open(now) {
      const rows = await db
        .selectFrom('admin_invitations')
        .select(columns)
        .where('accepted_at', 'is', null)
        .where('expires_at', '>', now)
        .orderBy('id', 'desc')
        .execute();
      return rows.map(invitationOf);
    },

    withdraw: (id, trx) =>
      inCallersTransaction(handle, trx, async (tx) => {
        const row = await tx.deleteFrom('admin_invitations').where('id', '=', id).where('accepted_at', 'is', null).returning(columns).executeTakeFirst();
        return row ? invitationOf(row) : null;
      }),

    async deleteSpentBefore(at) {
      const result = await db
        .deleteFrom('admin_invitations')
        .where((eb) => eb.or([eb('accepted_at', '<', at), eb('expires_at', '<', at)]))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
