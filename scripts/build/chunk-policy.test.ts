import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { declaredShell, leadingComments, SHELL, shellChunks, shellDeclaration } from './chunk-policy.ts';

describe('shell declarations', () => {
  it('reads only the comments before the first token', () => {
    expect(leadingComments('\uFEFF// a\n/** b\n */\n\n// c\nimport x from "y"; // d\n')).toEqual(['// a', '/** b\n */', '// c']);
    expect(leadingComments('export const x = "// chunk: shell";')).toEqual([]);
  });

  it('finds `// chunk: shell` and the files a module brings along', () => {
    expect(shellDeclaration('/r/web/a.ts', '// chunk: shell\nexport {};')).toEqual([]);
    expect(shellDeclaration('/r/web/ui/p.tsx', '/** Doc. */\n// chunk: shell, with ../gen/m.json, ./n.json\nimport m from "../gen/m.json";')).toEqual([
      '/r/web/gen/m.json',
      '/r/web/ui/n.json',
    ]);
    // Anywhere else it is not a declaration: inside a doc block, after the first import, in a string.
    expect(shellDeclaration('/r/a.ts', '/* chunk: shell */\nexport {};')).toBeUndefined();
    expect(shellDeclaration('/r/a.ts', 'import "x";\n// chunk: shell\n')).toBeUndefined();
  });

  it('refuses a chunk comment it cannot read, rather than leaving the module out', () => {
    expect(() => shellDeclaration('/r/a.ts', '// chunk: shel\nexport {};')).toThrow('/r/a.ts: a chunk comment that is not `// chunk: shell[, with <files>]`');
    expect(() => shellDeclaration('/r/a.ts', '// chunk: shell\n// chunk: shell\n')).toThrow('more than one');
  });

  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'chunk-policy-'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };

  it('collects the declared modules of web/app and content, not tests or generated files', () => {
    write('web/app/header.tsx', '// chunk: shell\nexport const Header = 1;');
    write('web/app/ui/picture.tsx', '// chunk: shell, with ../generated/manifest.json\nexport {};');
    write('web/app/generated/manifest.json', '{}');
    write('web/app/generated/x.ts', '// chunk: shell\n');
    write('web/app/header.test.tsx', '// chunk: shell\n');
    write('web/app/routes/home.tsx', 'export default 1;');
    write('content/site.ts', '// chunk: shell\nexport const site = {};');
    expect(declaredShell(root)).toEqual({
      modules: ['content/site.ts', 'web/app/header.tsx', 'web/app/ui/picture.tsx'].map((f) => path.join(root, f)),
      files: [path.join(root, 'web/app/generated/manifest.json')],
    });
  });

  it('stops the build when a module brings along a file that does not exist', () => {
    write('web/app/ui/picture.tsx', '// chunk: shell, with ../generated/renamed.json\nexport {};');
    expect(() => declaredShell(root)).toThrow('chunk-policy: web/app/ui/picture.tsx brings web/app/generated/renamed.json into the shell, and it does not exist');
  });
});

describe('the shell chunk in a real build', () => {
  // Under node_modules/.cache so the fixture resolves the repository's packages (lucide-react).
  const cache = path.resolve('node_modules/.cache');
  fs.mkdirSync(cache, { recursive: true });
  const root = fs.mkdtempSync(path.join(cache, 'chunk-policy-build-'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };

  /** Builds two pages that share the fixture's modules; returns each chunk's name and modules (relative). */
  async function buildFixture() {
    const shell = shellChunks(root);
    const output = await build({
      root,
      configFile: false,
      logLevel: 'silent',
      plugins: [shell.plugin()],
      build: {
        write: false,
        rollupOptions: { input: [path.join(root, 'web/app/page-a.ts'), path.join(root, 'web/app/page-b.ts')], output: { manualChunks: shell.manualChunks } },
      },
    });
    const chunks = (Array.isArray(output) ? output : [output]).flatMap((o) => ('output' in o ? o.output : [])).filter((c) => c.type === 'chunk');
    return chunks.map((c) => ({ name: c.name, modules: Object.keys(c.modules).map((m) => (m.startsWith(root) ? path.relative(root, m) : m.slice(m.lastIndexOf('/node_modules/') + 1))).sort() }));
  }

  it('puts the declared modules, and the icons they import, in one shell chunk', async () => {
    write('web/app/header.ts', "// chunk: shell\nimport { Menu } from 'lucide-react';\nexport const header = () => [Menu, 'header'];");
    write('web/app/only-a.ts', "export const onlyA = () => 'a';");
    write('web/app/page-a.ts', "import { header } from './header.ts';\nimport { onlyA } from './only-a.ts';\nimport { X } from 'lucide-react';\nconsole.log(header(), onlyA(), X);");
    write('web/app/page-b.ts', "import { header } from './header.ts';\nconsole.log(header());");
    const chunks = await buildFixture();
    const shell = chunks.find((c) => c.name === SHELL)!;
    expect(shell.modules).toContain('web/app/header.ts');
    expect(shell.modules).toContain('node_modules/lucide-react/dist/esm/icons/menu.mjs');
    // Code one page uses stays with that page.
    expect(chunks.find((c) => c.modules.includes('web/app/only-a.ts'))!.name).toBe('page-a');
  }, 60_000);

  it('stops the build when a declared module ends up in no chunk', async () => {
    write('web/app/renamed-away.ts', "// chunk: shell\nexport const unused = 1;");
    await expect(buildFixture()).rejects.toThrow('declared `// chunk: shell` but not in the shell chunk: web/app/renamed-away.ts (in no chunk: nothing imports it)');
  }, 60_000);
});
