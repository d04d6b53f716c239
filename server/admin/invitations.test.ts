import { describe, expect, it } from 'vitest';
import { hashInvitationToken, INVITATION_LIFETIME_MS, invitationLink, invitationState, isInvitationToken, newInvitationToken } from './invitations';
import { passwordProblem } from '../../lib/operator-password';

describe("an operator's invitation", () => {
  it('is a token of 32 random bytes, 43 URL-safe characters, never the same twice', () => {
    const tokens = new Set(Array.from({ length: 50 }, () => newInvitationToken()));
    expect(tokens.size).toBe(50);
    for (const token of tokens) expect(isInvitationToken(token)).toBe(true);
    expect(newInvitationToken((size) => Buffer.alloc(size, 0xff))).toBe(`${'_'.repeat(42)}8`);
    expect(isInvitationToken('short')).toBe(false);
    expect(isInvitationToken(`${'a'.repeat(42)}/`)).toBe(false);
  });

  it('is stored as the SHA-256 of its token only', () => {
    const token = newInvitationToken();
    const hash = hashInvitationToken(token);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).toBe(hashInvitationToken(token));
    expect(hash).not.toContain(token);
    expect(hashInvitationToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('holds 48 hours, once', () => {
    const created = Date.UTC(2026, 10, 23, 9);
    const invitation = { expiresAt: created + INVITATION_LIFETIME_MS, acceptedAt: null };
    expect(INVITATION_LIFETIME_MS).toBe(172_800_000);
    expect(invitationState(invitation, created)).toBe('open');
    expect(invitationState(invitation, created + INVITATION_LIFETIME_MS - 1)).toBe('open');
    expect(invitationState(invitation, created + INVITATION_LIFETIME_MS)).toBe('expired');
    expect(invitationState({ ...invitation, acceptedAt: created + 1 }, created + 2)).toBe('accepted');
  });

  it("links to the invitation's page on the site's address", () => {
    expect(invitationLink('https://school.example/', 'tok')).toBe('https://school.example/admin/join/tok');
  });

  it('asks for a password of 12 to 128 characters, as the command line does', () => {
    expect(passwordProblem('a'.repeat(11))).toBe('password_short');
    expect(passwordProblem('пароль-из-12')).toBeNull();
    expect(passwordProblem('a'.repeat(128))).toBeNull();
    expect(passwordProblem('a'.repeat(129))).toBe('password_long');
  });
});
