// The three example passports (src/features/dpp/fixtures/) as assets of the dashboard build: the
// web app cannot import server files, so the build copies them under /assets/ with a content hash
// in the name (cached for a year like every asset) and the editor imports only their URLs from
// `virtual:dpp-examples`. `npm run dev` serves the fixtures themselves.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const NAMES = ['ev', 'lmt', 'stationary'] as const;
const ID = 'virtual:dpp-examples';
const fixture = (name: string) =>
  fileURLToPath(new URL(`../../src/features/dpp/fixtures/${name}.json`, import.meta.url));

export function dppExamples(): Plugin {
  let serve = false;
  return {
    name: 'qrs-dpp-examples',
    configResolved(config) {
      serve = config.command === 'serve';
    },
    resolveId: (id) => (id === ID ? `\0${ID}` : undefined),
    load(id) {
      if (id !== `\0${ID}`) return undefined;
      const urls = NAMES.map((name) => {
        if (serve) return [name, `/@fs${fixture(name)}`];
        const source = readFileSync(fixture(name));
        const hash = createHash('sha256').update(source).digest('hex').slice(0, 8);
        const fileName = `assets/dpp-example-${name}-${hash}.json`;
        this.emitFile({ type: 'asset', fileName, source });
        return [name, `/${fileName}`];
      });
      return `export default ${JSON.stringify(Object.fromEntries(urls))};`;
    },
  };
}
