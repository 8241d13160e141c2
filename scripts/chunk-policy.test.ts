import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { declaredShell, leadingComments, shellDeclaration } from './chunk-policy.ts';

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
