import type { VariantTexts } from '@/lib/experiments/variants';
import type { PriceValue } from '@/lib/price-references';
import type { PopupConfig } from './config';

/**
 * A pop-up as the console steers it: the file's config plus what only the console sets. It is
 * stored whole, as JSON, in each version (server/repositories/popups.ts).
 */
export type ManagedPopupConfig<Price extends PriceValue = PriceValue> = PopupConfig<Price> & {
  /** «Показывать»: off, no visitor sees it. */
  enabled: boolean;
  /** «Показывать с» / «Показывать до»: epoch ms (entered in Moscow time); null: no bound. */
  startsAt: number | null;
  endsAt: number | null;
  /** Split-test variants B, C, D as the console last saved them (A is the pop-up's own texts). */
  variants?: VariantTexts[];
};

/** A running split test as the browser sees it: its id (the assignment's salt) and the texts, A first. */
export interface PublicSplitTest {
  id: string;
  variants: VariantTexts[];
}

/** What `GET /api/popups` answers for one pop-up: what a visitor's browser needs, nothing else (prices in roubles). */
export type PublicPopup = PopupConfig<number> & { id: string; test?: PublicSplitTest };

export interface PublicPopups {
  popups: PublicPopup[];
}

/** On, and inside its window at `now`. */
export function isLive(config: Pick<ManagedPopupConfig, 'enabled' | 'startsAt' | 'endsAt'>, now: number): boolean {
  if (!config.enabled) return false;
  if (config.startsAt !== null && now < config.startsAt) return false;
  if (config.endsAt !== null && now >= config.endsAt) return false;
  return true;
}

/** What the console keeps of a pop-up and a visitor never gets: its switch, its window, the split test's other variants. */
const CONSOLE_ONLY: readonly string[] = ['enabled', 'startsAt', 'endsAt', 'variants'] satisfies (keyof ManagedPopupConfig)[];

/** The visitor's part of a stored pop-up (its prices looked up: lib/popups/prices.ts): no switch, no window, no history, no operator. */
export function publicPopup(id: string, config: ManagedPopupConfig<number>, test?: PublicSplitTest): PublicPopup {
  const visible = Object.fromEntries(Object.entries(config).filter(([key]) => !CONSOLE_ONLY.includes(key))) as PopupConfig<number>;
  return { ...visible, id, ...(test ? { test } : {}) };
}
