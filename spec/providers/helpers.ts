import type { ProviderLoss } from '../../lib/providers';

/** Losses as one readable line each: `action path keyword`. */
export const lines = (losses: readonly ProviderLoss[]): string[] =>
  losses.map(({ action, path, keyword }) => `${action} ${path || '(root)'} ${keyword}`);
