import type { GiftWindow } from '../gift-schedule/windows';
import type { OutboxStatus } from '../db/schema';
import type { PopupsRepository } from './popups';

/** A lead as the API accepted it, ready to store. */
export interface NewLead {
  createdAt: number;
  formId: string;
  productName: string;
  event: string;
  name: string;
  email: string;
  /** E.164. */
  phone: string;
  utm: { source?: string; medium?: string; campaign?: string; content?: string; term?: string; id?: string };
  pagePath: string;
  variantId: string | null;
  blockId: string | null;
  googleClientId: string | null;
  yandexClientId: string | null;
  consentTextVersion: string;
  clientAddressHash: string | null;
  isSpam: boolean;
  /** `deal`: our worker sends it; `browser`: the visitor's browser posted it to GetCourse; `none`: spam. */
  deliveryMode: 'deal' | 'browser' | 'none';
}

export interface StoredLead extends NewLead {
  id: number;
}

/** What the outbox delivers: a lead as a GetCourse deal. */
export type DeliveryKind = 'deal';

/** A delivery to queue with its subject; `payload` is kind-specific and holds no personal data. */
export interface NewDelivery {
  kind: DeliveryKind;
  payload: Record<string, unknown>;
}

export interface ClaimedDelivery {
  id: number;
  kind: string;
  leadId: number | null;
  dealNumber: string | null;
  payload: Record<string, unknown>;
  /** Including this one. */
  attempts: number;
  claimToken: string;
}

export interface OutboxRow {
  id: number;
  kind: string;
  leadId: number | null;
  dealNumber: string | null;
  status: OutboxStatus;
  attempts: number;
  nextAttemptAt: number;
  lastError: string | null;
  sentAt: number | null;
}

export interface StoredGiftWindow extends GiftWindow {
  id: number;
}

/**
 * The visitor's idempotency key of a request and a hash of what the request said: a second request with
 * the key is answered from the first one's row (the same request) or refused (other contents).
 */
export interface Idempotency {
  key: string;
  requestHash: string;
}

/**
 * What storing a keyed request did: stored it now (`replayed: false`), or found the key's earlier row
 * and wrote nothing (`replayed: true`, `outboxId: null`; `sameRequest` says whether the contents matched).
 */
export interface StoreOutcome {
  outboxId: number | null;
  replayed: boolean;
  sameRequest: boolean;
}

/** The storage of the lead pipeline: one implementation over Kysely serves SQLite and PostgreSQL. */
export interface Repositories {
  leads: {
    /**
     * Stores the lead and, when given, its delivery in ONE transaction: both or neither. With an
     * idempotency key that a lead already holds, stores nothing and says so (also when two requests
     * with the key race: the unique index lets one in, the other finds its row).
     */
    accept(
      lead: NewLead,
      delivery: NewDelivery | null,
      idempotency?: Idempotency,
    ): Promise<StoreOutcome & { leadId: number }>;
    /** The lead an idempotency key made, if any (a read only: no lock, no write). */
    findByIdempotencyKey(key: string): Promise<{ id: number; requestHash: string | null } | undefined>;
    findLead(id: number): Promise<StoredLead | undefined>;
  };
  outbox: {
    /**
     * Takes up to `limit` due deliveries for this worker: pending ones whose time has come, and
     * `sending` ones whose claim expired (their worker died). No two workers get the same row.
     */
    claimDue(options: { now: number; limit: number; leaseMs: number }): Promise<ClaimedDelivery[]>;
    /** False when the claim was lost meanwhile (expired and taken over): the result is not recorded. */
    markSent(claim: Pick<ClaimedDelivery, 'id' | 'claimToken'>, now: number): Promise<boolean>;
    /** Back to `pending` until `retryAt`, or `dead` (kept for a person to look at) when `retryAt` is null. */
    markFailed(claim: Pick<ClaimedDelivery, 'id' | 'claimToken'>, failure: { error: string; retryAt: number | null }, now: number): Promise<boolean>;
    countByStatus(): Promise<Record<OutboxStatus, number>>;
    /** Puts every dead delivery back in the queue, due now, with a fresh count of attempts. */
    requeueDead(now: number): Promise<number>;
    findForLead(leadId: number): Promise<OutboxRow[]>;
    list(options?: { status?: OutboxStatus; limit?: number }): Promise<OutboxRow[]>;
  };
  giftSchedule: {
    /** Sorted by start. */
    list(): Promise<StoredGiftWindow[]>;
    /** Validates against the stored windows inside the same transaction. */
    add(window: GiftWindow, now: number): Promise<{ id: number } | { problem: string }>;
    remove(id: number): Promise<boolean>;
  };
  rateLimit: {
    /** Counts one hit in the bucket's window and returns the window's total so far. */
    hit(bucket: string, windowStart: number): Promise<number>;
    pruneBefore(windowStart: number): Promise<number>;
    /** Takes one hit back from the bucket's window (never below zero). */
    release(bucket: string, windowStart: number): Promise<void>;
  };
  settings: {
    /** This database's deal-number prefix (migration 004), read once. */
    dealNumberPrefix(): Promise<number>;
  };
  popups: PopupsRepository;
}
