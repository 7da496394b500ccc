// dist/cjs holds the require() build; this marker makes Node read its .js files as CommonJS
// although the package itself is "type": "module".
import { writeFileSync } from 'node:fs';

writeFileSync(new URL('../dist/cjs/package.json', import.meta.url), '{ "type": "commonjs" }\n');
