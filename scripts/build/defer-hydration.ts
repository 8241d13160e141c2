/**
 * Makes a prerendered page fetch its JavaScript after the first paint (decisions 0005 and 0028).
 *
 * React Router's `<Scripts>` renders one `<link rel="modulepreload">` per chunk (React 19 hoists them
 * into `<head>`) and a module script that imports the route modules, hands them to React Router's
 * browser entry and imports that entry. Here the page is parsed (htmlparser2) and that script is
 * parsed as JavaScript (acorn) into a `PaintFirstPlan`; the preloads leave the page, and the script
 * is replaced by the paint-first loader (web/app/paint-first/loader.ts, bundled by esbuild) with
 * the page's plan. Anything in React Router's output this does not recognise stops the build,
 * rather than shipping a page that never hydrates.
 *
 * Run on every page by scripts/build/postbuild.ts.
 */
import { parse as parseJs, type Program, type Statement } from 'acorn';
import { buildSync } from 'esbuild';
import { Parser } from 'htmlparser2';
import { fileURLToPath } from 'node:url';
import type { PaintFirstPlan } from '../../web/app/paint-first/loader.ts';

export { UNPAINTED_FALLBACK_MS } from '../../web/app/paint-first/loader.ts';

/** The loader's source (see its header); the bundle reads the page's plan from this constant. */
const LOADER_ENTRY = fileURLToPath(new URL('../../web/app/paint-first/inline.ts', import.meta.url));
const PLAN_CONSTANT = 'PAINT_FIRST_PLAN';

const fail = (message: string): never => {
  throw new Error(`defer-hydration: ${message}`);
};

let bundled: string | undefined;
/** The loader as one minified ES module body (bundled once per build). */
export function loaderBundle(): string {
  if (bundled === undefined) {
    const result = buildSync({
      entryPoints: [LOADER_ENTRY],
      bundle: true,
      write: false,
      format: 'esm',
      minify: true,
      target: 'es2020',
      platform: 'browser',
      legalComments: 'none',
      logLevel: 'silent',
    });
    const code = result.outputFiles[0]!.text.trim();
    // A bundle that imports or exports anything would not run inline.
    const body = parseJs(code, { ecmaVersion: 'latest', sourceType: 'module' }).body;
    if (body.some((n) => n.type === 'ImportDeclaration' || n.type.startsWith('Export'))) fail('the loader bundle has imports or exports');
    if (!code.includes(PLAN_CONSTANT)) fail(`the loader bundle does not read ${PLAN_CONSTANT}`);
    // It goes inside a <script> element: nothing in it may end or comment out that element.
    if (/<\/script|<!--/i.test(code)) fail('the loader bundle contains </script or <!--');
    bundled = code;
  }
  return bundled;
}

/** The inline module script's body for one page. `<` is escaped so the plan cannot end the script. */
export function loaderScript(plan: PaintFirstPlan): string {
  return `const ${PLAN_CONSTANT}=${JSON.stringify(plan).replace(/</g, '\\u003c')};${loaderBundle()}`;
}

interface Span {
  start: number;
  /** Exclusive. */
  end: number;
}
interface PageScripts {
  preloads: (Span & { href: string })[];
  /** The whole `<script type="module">…</script>` element and its text. */
  moduleScript: Span & { text: string };
}

/** Finds React Router's modulepreload links and its one module script by parsing the page. */
function findScripts(html: string): PageScripts {
  const preloads: PageScripts['preloads'] = [];
  const modules: PageScripts['moduleScript'][] = [];
  let open: { start: number; module: boolean; text: string } | undefined;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'link' && attributes.rel === 'modulepreload') {
          if (!attributes.href) fail('a modulepreload link without href');
          preloads.push({ start: parser.startIndex, end: parser.endIndex + 1, href: attributes.href! });
        }
        if (name === 'script') open = { start: parser.startIndex, module: attributes.type === 'module', text: '' };
      },
      ontext(text) {
        if (open) open.text += text;
      },
      onclosetag(name) {
        if (name !== 'script' || !open) return;
        if (open.module) modules.push({ start: open.start, end: parser.endIndex + 1, text: open.text });
        open = undefined;
      },
    },
    { decodeEntities: false },
  );
  parser.end(html);
  if (modules.length !== 1) fail(`expected React Router's one module script in the page, found ${modules.length}`);
  if (preloads.length === 0) fail('no modulepreload links in the page');
  return { preloads, moduleScript: modules[0]! };
}

/** Reads React Router's module script into a plan; throws on any statement it does not know. */
export function planOf(script: string, preloads: string[]): PaintFirstPlan {
  let program: Program;
  try {
    program = parseJs(script, { ecmaVersion: 'latest', sourceType: 'module' });
  } catch (error) {
    return fail(`React Router's module script does not parse: ${(error as Error).message}`);
  }
  const modules: string[] = [];
  const bindings = new Map<string, number>();
  let routeModules: PaintFirstPlan['routeModules'] | undefined;
  let entry: string | undefined;
  const unexpected = (node: { start: number; end: number }) => fail(`unexpected code in React Router's module script: ${script.slice(node.start, node.end)}`);

  for (const statement of program.body) {
    if (entry !== undefined) unexpected(statement);
    if (statement.type === 'ImportDeclaration') {
      const href = String(statement.source.value);
      const [specifier, ...more] = statement.specifiers;
      if (more.length || (specifier && specifier.type !== 'ImportNamespaceSpecifier')) unexpected(statement);
      if (specifier) bindings.set(specifier.local.name, modules.length);
      modules.push(href);
      continue;
    }
    if (statement.type !== 'ExpressionStatement') unexpected(statement);
    const expression = (statement as Extract<Statement, { type: 'ExpressionStatement' }>).expression;
    if (expression.type === 'ImportExpression' && expression.source.type === 'Literal' && typeof expression.source.value === 'string') {
      entry = expression.source.value;
      continue;
    }
    // window.<React Router's global> = { "<route id>": <namespace import>, … };
    if (
      expression.type === 'AssignmentExpression' &&
      expression.operator === '=' &&
      expression.left.type === 'MemberExpression' &&
      !expression.left.computed &&
      expression.left.object.type === 'Identifier' &&
      expression.left.object.name === 'window' &&
      expression.left.property.type === 'Identifier' &&
      expression.right.type === 'ObjectExpression' &&
      routeModules === undefined
    ) {
      const routes: Record<string, number> = {};
      for (const property of expression.right.properties) {
        if (property.type !== 'Property' || property.computed || property.kind !== 'init' || property.value.type !== 'Identifier') return unexpected(expression);
        const id = property.key.type === 'Literal' ? property.key.value : property.key.type === 'Identifier' ? property.key.name : undefined;
        const index = bindings.get(property.value.name);
        if (typeof id !== 'string' || index === undefined) return unexpected(expression);
        routes[id] = index;
      }
      routeModules = { global: expression.left.property.name, routes };
      continue;
    }
    unexpected(statement);
  }
  if (!routeModules || Object.keys(routeModules.routes).length === 0 || entry === undefined) {
    fail('React Router module script without route modules or entry');
  }
  return { preloads, modules, routeModules: routeModules!, entry: entry! };
}

/** The paint-first plan a built page's loader carries, or undefined if the page has no loader (PAINT_FIRST=0). */
export function planOfPage(html: string): PaintFirstPlan | undefined {
  const plans: PaintFirstPlan[] = [];
  let text: string | undefined;
  const parser = new Parser({
    onopentag(name, attributes) {
      if (name === 'script' && attributes.type === 'module') text = '';
    },
    ontext(chunk) {
      if (text !== undefined) text += chunk;
    },
    onclosetag(name) {
      if (name !== 'script' || text === undefined) return;
      const first = parseJs(text, { ecmaVersion: 'latest', sourceType: 'module' }).body[0];
      if (first?.type === 'VariableDeclaration' && first.declarations.length === 1) {
        const [declaration] = first.declarations;
        if (declaration!.id.type === 'Identifier' && declaration!.id.name === PLAN_CONSTANT && declaration!.init) {
          plans.push(JSON.parse(text.slice(declaration!.init.start, declaration!.init.end)) as PaintFirstPlan);
        }
      }
      text = undefined;
    },
  });
  parser.end(html);
  if (plans.length > 1) fail(`${plans.length} paint-first loaders in one page`);
  return plans[0];
}

/** The page with its preloads removed and React Router's module script replaced by the loader. */
export function deferHydration(html: string): string {
  const { preloads, moduleScript } = findScripts(html);
  const plan = planOf(moduleScript.text, preloads.map((p) => p.href));
  const edits = [
    ...preloads.map((p) => ({ ...p, text: '' })),
    { start: moduleScript.start, end: moduleScript.end, text: `<script type="module">${loaderScript(plan)}</script>` },
  ].sort((a, b) => b.start - a.start);
  let out = html;
  for (const edit of edits) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return out;
}
