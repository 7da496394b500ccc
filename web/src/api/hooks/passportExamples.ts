// The three example passports (EV, LMT, stationary) a new passport may start from: assets of the
// dashboard build (web/scripts/dpp-examples.ts), fetched like any download. Used by the lazy
// passport editor only, so the first load carries neither them nor their URLs.
import examples from 'virtual:dpp-examples';
import { fetchBlob } from '../client';

export type ExampleName = keyof typeof examples;
export const EXAMPLE_NAMES = Object.keys(examples) as ExampleName[];

/** An example passport as the API takes it. */
export async function loadExample(name: ExampleName): Promise<unknown> {
  return JSON.parse(await (await fetchBlob(examples[name])).text()) as unknown;
}
