/**
 * Operators invited from the console, below the browser: an invitation accepted once and before it
 * expires, the operator it creates (rows written in our transaction) signing in through better-auth as
 * one added on the command line does, and «Удалить»'s rules (never oneself, never the last one).
 */
import { beforeEach, expect, it } from 'vitest';
import { inWriteTransaction } from '../db/connection';
import { describeEachDatabase } from '../testing/databases';
import { testAdminRuntime } from '../testing/admin';
import { hashInvitationToken, INVITATION_LIFETIME_MS, newInvitationToken } from './invitations';
import { addOperator, hashOperatorPassword } from './operators';

describeEachDatabase('operator invitations', (database) => {
  const now = Date.UTC(2026, 10, 23, 10, 0);
  const headers = new Headers({ 'user-agent': 'vitest' });

  beforeEach(async () => {
    await database().clear();
  });

  it('creates an invited operator who signs in with their password; the invitation is used once, the newest link of an e-mail counts', async () => {
    const { repos, handle } = database();
    const runtime = testAdminRuntime(database());
    const first = newInvitationToken();
    const second = newInvitationToken();
    const invite = (token: string) =>
      repos.operatorInvitations.create(
        { email: 'boris@school.ru', tokenHash: hashInvitationToken(token), invitedBy: 'anna@school.ru', expiresAt: now + INVITATION_LIFETIME_MS },
        now,
      );
    await invite(first);
    await invite(second);
    // The first link was replaced by the second.
    expect(await repos.operatorInvitations.findByTokenHash(hashInvitationToken(first))).toBeUndefined();
    expect((await repos.operatorInvitations.open(now)).map((invitation) => invitation.email)).toEqual(['boris@school.ru']);

    const passwordHash = await hashOperatorPassword(runtime.auth, 'борис пароль 12');
    const accepted = await inWriteTransaction(handle, async (trx) => {
      const invitation = await repos.operatorInvitations.accept(hashInvitationToken(second), now + 1000, trx);
      await repos.operators.create({ email: 'boris@school.ru', name: 'Борис', passwordHash }, now + 1000, trx);
      await repos.operators.recordSignIn('boris@school.ru', now + 1000, trx);
      return invitation;
    });
    expect(accepted).toMatchObject({ email: 'boris@school.ru', invitedBy: 'anna@school.ru', acceptedAt: now + 1000 });
    expect(await repos.operatorInvitations.accept(hashInvitationToken(second), now + 2000)).toBeNull();
    expect(await repos.operatorInvitations.open(now + 2000)).toEqual([]);
    expect(await repos.operators.create({ email: 'Boris@school.ru', name: 'Другой', passwordHash }, now)).toBeNull();

    const [boris] = await repos.operators.list();
    expect(boris).toMatchObject({ email: 'boris@school.ru', name: 'Борис', lastSignInAt: now + 1000 });
    const session = await runtime.auth.api.signInEmail({ body: { email: 'boris@school.ru', password: 'борис пароль 12' }, headers });
    expect(session.user.email).toBe('boris@school.ru');
    await expect(runtime.auth.api.signInEmail({ body: { email: 'boris@school.ru', password: 'not the password' }, headers })).rejects.toThrow();
  });

  it('refuses an invitation after 48 hours', async () => {
    const { repos } = database();
    const token = newInvitationToken();
    await repos.operatorInvitations.create(
      { email: 'late@school.ru', tokenHash: hashInvitationToken(token), invitedBy: 'anna@school.ru', expiresAt: now + INVITATION_LIFETIME_MS },
      now,
    );
    expect(await repos.operatorInvitations.accept(hashInvitationToken(token), now + INVITATION_LIFETIME_MS)).toBeNull();
    expect(await repos.operatorInvitations.open(now + INVITATION_LIFETIME_MS)).toEqual([]);
    // The retention deletes it once spent a while (before the cut: gone; an open one stays).
    await repos.operatorInvitations.create(
      {
        email: 'new@school.ru',
        tokenHash: hashInvitationToken(newInvitationToken()),
        invitedBy: 'anna@school.ru',
        expiresAt: now + 10 * INVITATION_LIFETIME_MS,
      },
      now,
    );
    expect(await repos.operatorInvitations.deleteSpentBefore(now + INVITATION_LIFETIME_MS + 1)).toBe(1);
    expect((await repos.operatorInvitations.open(now)).map((invitation) => invitation.email)).toEqual(['new@school.ru']);
  });

  it('withdraws an invitation not yet accepted, whose link then lets nobody in; an accepted one stays', async () => {
    const { repos } = database();
    const [open, used] = [newInvitationToken(), newInvitationToken()];
    const invite = (email: string, token: string) =>
      repos.operatorInvitations.create(
        { email, tokenHash: hashInvitationToken(token), invitedBy: 'anna@school.ru', expiresAt: now + INVITATION_LIFETIME_MS },
        now,
      );
    const pending = await invite('vera@school.ru', open);
    const accepted = await invite('gleb@school.ru', used);
    await repos.operatorInvitations.accept(hashInvitationToken(used), now + 1000);
    expect(await repos.operatorInvitations.withdraw(pending.id)).toMatchObject({ email: 'vera@school.ru' });
    expect(await repos.operatorInvitations.withdraw(pending.id)).toBeNull();
    expect(await repos.operatorInvitations.accept(hashInvitationToken(open), now + 2000)).toBeNull();
    expect(await repos.operatorInvitations.open(now)).toEqual([]);
    expect(await repos.operatorInvitations.withdraw(accepted.id)).toBeNull();
    expect(await repos.operatorInvitations.findByTokenHash(hashInvitationToken(used))).toMatchObject({ acceptedAt: now + 1000 });
  });

  it('lets an operator set their own name', async () => {
    const { repos } = database();
    const runtime = testAdminRuntime(database());
    await addOperator(runtime.auth, 'anna@school.ru', 'пароль Анны для теста');
    expect(await repos.operators.rename('Anna@school.ru', 'Анна Маркетова', now)).toBe(true);
    expect(await repos.operators.rename('nobody@school.ru', 'Никто', now)).toBe(false);
    expect((await repos.operators.list()).map((operator) => operator.name)).toEqual(['Анна Маркетова']);
  });

  it('removes an operator with their sessions, but never the one asking nor the last one', async () => {
    const { repos } = database();
    const runtime = testAdminRuntime(database());
    await addOperator(runtime.auth, 'anna@school.ru', 'anna password 12');
    await addOperator(runtime.auth, 'boris@school.ru', 'boris password 12');
    await runtime.auth.api.signInEmail({ body: { email: 'boris@school.ru', password: 'boris password 12' }, headers });
    expect(
      await (
        await runtime.auth.$context
      ).internalAdapter.listSessions((await repos.operators.list()).find((operator) => operator.email === 'boris@school.ru')!.id),
    ).toHaveLength(1);
    const byEmail = async (email: string) => (await repos.operators.list()).find((operator) => operator.email === email)!;
    const anna = await byEmail('anna@school.ru');
    const boris = await byEmail('boris@school.ru');
    expect(boris.lastSignInAt).toBeNull();

    expect(await repos.operators.removeById(anna.id, 'Anna@School.ru')).toEqual({ refused: 'self' });
    expect(await repos.operators.removeById('nobody', 'anna@school.ru')).toEqual({ refused: 'missing' });
    expect(await repos.operators.removeById(boris.id, 'anna@school.ru')).toEqual({ removed: expect.objectContaining({ email: 'boris@school.ru' }) });
    expect(await (await runtime.auth.$context).internalAdapter.listSessions(boris.id)).toEqual([]);
    // Anna alone now; even asked by someone else (an operator removed a moment ago), she stays.
    expect(await repos.operators.removeById(anna.id, 'boris@school.ru')).toEqual({ refused: 'last' });
    expect((await repos.operators.list()).map((operator) => operator.email)).toEqual(['anna@school.ru']);
  });
});
