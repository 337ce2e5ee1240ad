import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import es from './packs/es';
import first from './packs/es-first';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A relative import's file: the path itself, or with `.ts`/`.tsx`, or its folder's `index`. */
function resolve(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')].find((file) => existsSync(file) && /\.tsx?$/.test(file));
}

/** The client's modules the page loads before its first render: the entry and its static imports, not `import()`. */
function firstScreenModules(): Map<string, string> {
  const modules = new Map<string, string>();
  const visit = (file: string) => {
    if (modules.has(file)) return;
    const text = readFileSync(file, 'utf8');
    modules.set(file, text);
    for (const match of text.matchAll(/^\s*(?:import|export)\s(?!type\s)[^;]*?from\s+'(\.[^']+)'|^\s*import\s+'(\.[^']+)'/gms)) {
      const next = resolve(file, (match[1] ?? match[2])!);
      if (next && !next.endsWith('.spec.ts')) visit(next);
    }
  };
  visit(path.join(src, 'main.tsx'));
  return modules;
}

describe('the Spanish texts that come with the page', () => {
  const modules = firstScreenModules();
  const code = [...modules.values()].join('\n');
  /**
   * Keys built at run time (`t(\`panel_${name}\`)`): every key with the prefix counts as used, unless the call gives
   * a text of its own for a key that is not there yet (`defaultValue`).
   */
  const prefixes = [...code.matchAll(/`([a-zA-Z]+_[a-zA-Z_]*)\$\{[^}`]*\}`(?!\s*,\s*\{\s*defaultValue)/g)].map((match) => match[1]!);

  it('reads the modules of the first screen', () => {
    expect(modules.size).toBeGreaterThan(50);
    expect([...modules.keys()].some((file) => file.endsWith(path.join('components', 'Header.tsx')))).toBe(true);
    // The areas that load later are not part of it.
    expect([...modules.keys()].some((file) => file.endsWith('MemberCenter.tsx'))).toBe(false);
  });

  it('hold every key the first screen names, so a text never shows as its key while the later texts load', () => {
    const used = Object.keys(es).filter((key) => {
      const base = key.replace(/_(one|other)$/, '');
      return code.includes(`'${base}'`) || code.includes(`"${base}"`) || prefixes.some((prefix) => key.startsWith(prefix));
    });
    expect(used.length).toBeGreaterThan(100);
    expect(used.filter((key) => !(key in first))).toEqual([]);
  });
});
