// One way to declare a route (docs/conventions.md, "Authentication"), checked without running the
// app: every `app.get/post/put/patch/delete/head/options/all/route(...)` in src/ passes options that
// come from route(), publicRoute() or sessionRoute() of src/http/route.ts. The compiler's types
// carry the origin: the `config.declaredBy` of a helper's result is declared in route.ts, and stays
// so through a constant, a spread (`{ ...route(…), bodyLimit }`) or a wrapper (operatorRoute);
// an option object written by hand declares its own. test/http/route-declarations.test.ts checks
// the same at run time, for the routes the app actually registers.
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';

const HELPERS = resolve('src/http/route.ts');
const ROUTE_METHODS = new Set(['get', 'head', 'post', 'put', 'patch', 'delete', 'options', 'all', 'route']);

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? tsFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

function compilerOptions(): ts.CompilerOptions {
  const { config } = ts.readConfigFile('tsconfig.json', ts.sys.readFile);
  return ts.parseJsonConfigFileContent(config, ts.sys, resolve('.')).options;
}

const declaredIn = (symbol: ts.Symbol | undefined, file: string) =>
  (symbol?.declarations ?? []).some((d) => resolve(d.getSourceFile().fileName) === file);

/** Whether a call registers a route on a Fastify instance (its method is Fastify's own). */
function isRouteRegistration(
  checker: ts.TypeChecker,
  call: ts.CallExpression,
): call is ts.CallExpression & {
  expression: ts.PropertyAccessExpression;
} {
  const callee = call.expression;
  if (!ts.isPropertyAccessExpression(callee) || !ROUTE_METHODS.has(callee.name.text)) return false;
  const method = checker.getSymbolAtLocation(callee.name);
  return (method?.declarations ?? []).some((d) =>
    /[/\\]node_modules[/\\]fastify[/\\]/.test(d.getSourceFile().fileName),
  );
}

/** What is wrong with a registration's options, or undefined when a helper made them. */
function problemOf(checker: ts.TypeChecker, call: ts.CallExpression & { expression: ts.PropertyAccessExpression }) {
  const options = call.expression.name.text === 'route' ? call.arguments[0] : call.arguments[1];
  if (!options) return 'no options';
  const type = checker.getTypeAtLocation(options);
  if (type.getCallSignatures().length > 0) return 'a handler without options';
  const config = type.getProperty('config');
  const declaredBy = config && checker.getTypeOfSymbol(config).getProperty('declaredBy');
  return declaredIn(declaredBy, HELPERS) ? undefined : 'options not made by route(), publicRoute() or sessionRoute()';
}

/**
 * The route registrations in `files` (`seen`, so a check that finds none cannot pass unnoticed) and
 * `file:line: method: problem` for each one not declared through a helper.
 */
export function undeclaredRoutes(files = tsFiles('src')): { seen: number; found: string[] } {
  const program = ts.createProgram(files, compilerOptions());
  const checker = program.getTypeChecker();
  const wanted = new Set(files.map((f) => resolve(f)));
  const found: string[] = [];
  let seen = 0;
  for (const source of program.getSourceFiles()) {
    if (!wanted.has(resolve(source.fileName))) continue;
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) && isRouteRegistration(checker, node)) {
        seen++;
        const problem = problemOf(checker, node);
        if (problem) {
          const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
          found.push(`${source.fileName}:${line + 1}: app.${node.expression.name.text}(): ${problem}`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { seen, found };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const files = process.argv.slice(2);
  const { seen, found } = undeclaredRoutes(files.length ? files : undefined);
  for (const f of found) console.error(`${f}; declare it with a helper of src/http/route.ts`);
  if (found.length || seen === 0) process.exit(1);
  console.log(`route declarations: all ${seen} route registrations use a helper of src/http/route.ts`);
}
