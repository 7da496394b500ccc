import { en, type MessageKey } from '../i18n/en.js';

/** A plan id (free, pro, …) in words; a plan an operator added keeps its id. */
export function planName(t: (key: MessageKey) => string, plan: string): string {
  return `words.plan.${plan}` in en ? t(`words.plan.${plan}` as MessageKey) : plan;
}
