import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));

/** Runs a module in a fresh Node process, so zod is loaded for the first time after what the script sets. */
const freshNode = (source: string): string => execFileSync(process.execPath, ['--input-type=module', '-e', source], { cwd: root, encoding: 'utf8' }).trim();
/** The module as the browser runs it, as an importable URL. */
const noEvalUrl = () => {
  const source = readFileSync(fileURLToPath(new URL('./no-eval.ts', import.meta.url)), 'utf8');
  const js = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText;
  return `data:text/javascript,${encodeURIComponent(js)}`;
};

describe('no-eval', () => {
  it('makes zod parse without compiling, set before zod loads', () => {
    const answer = freshNode(`
      await import(${JSON.stringify(noEvalUrl())});
      const { z } = await import('zod');
      let compiled = false;
      const original = globalThis.Function;
      globalThis.Function = new Proxy(original, { construct(target, args) { compiled = true; return Reflect.construct(target, args); } });
      z.object({ a: z.string(), b: z.number() }).parse({ a: 'x', b: 1 });
      console.log(JSON.stringify({ jitless: z.config().jitless, compiled }));
    `);
    expect(JSON.parse(answer)).toEqual({ jitless: true, compiled: false });
  });

  it('would compile without the setting (the check above can fail)', () => {
    const answer = freshNode(`
      const { z } = await import('zod');
      let compiled = false;
      const original = globalThis.Function;
      globalThis.Function = new Proxy(original, { construct(target, args) { compiled = true; return Reflect.construct(target, args); } });
      z.object({ a: z.string(), b: z.number() }).parse({ a: 'x', b: 1 });
      console.log(JSON.stringify({ jitless: z.config().jitless ?? false, compiled }));
    `);
    expect(JSON.parse(answer)).toEqual({ jitless: false, compiled: true });
  });
});
