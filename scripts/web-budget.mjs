// The web client's first-load budget: the JavaScript a browser must fetch before the home page can render (the entry
// and every chunk it imports statically), counted as sent (brotli, as the build writes it next to each file). Fails
// when it grows past the ceiling. `--json` prints the figures only.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { ensureInstalled, ensureWebBuilt, root } from './lib/prepare.mjs';

/** Brotli kilobytes of JavaScript on first load the build may not exceed; lowered as the first load shrinks. */
export const FIRST_LOAD_JS_BUDGET_KB = 150;
/** Where the first load should get to: a phone on a slow network renders home within a second of the script. */
export const FIRST_LOAD_JS_TARGET_KB = 150;

const dist = path.join(root, 'web', 'dist');

function sentSize(file, suffix, compress) {
  const copy = path.join(dist, file + suffix);
  return existsSync(copy) ? statSync(copy).size : compress(readFileSync(path.join(dist, file))).length;
}

/** The entry's chunk and its static imports, each once, from the build's manifest. */
export function firstLoad() {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
  const [entryKey] = Object.entries(manifest).find(([, chunk]) => chunk.isEntry) ?? [];
  if (!entryKey) throw new Error('the build has no entry chunk');
  const seen = new Set();
  const css = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const sheet of manifest[key].css ?? []) css.add(sheet);
    for (const next of manifest[key].imports ?? []) visit(next);
  };
  visit(entryKey);
  const scripts = [...seen].map((key) => manifest[key].file);
  const sum = (files, suffix, compress) => files.reduce((total, file) => total + sentSize(file, suffix, compress), 0);
  const kb = (bytes) => Math.round(bytes / 102.4) / 10;
  return {
    scripts,
    js: { raw: kb(sum(scripts, '', (b) => b)), brotli: kb(sum(scripts, '.br', brotliCompressSync)), gzip: kb(sum(scripts, '.gz', gzipSync)) },
    css: { raw: kb(sum([...css], '', (b) => b)), brotli: kb(sum([...css], '.br', brotliCompressSync)) },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  ensureInstalled();
  ensureWebBuilt();
  const figures = firstLoad();
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(figures));
  } else {
    console.log(
      `First load: ${figures.scripts.length} script(s), ${figures.js.brotli} KB of JavaScript as sent (brotli; gzip ${figures.js.gzip} KB, ${figures.js.raw} KB as built), ${figures.css.brotli} KB of CSS.`,
    );
    console.log(`Budget ${FIRST_LOAD_JS_BUDGET_KB} KB, target ${FIRST_LOAD_JS_TARGET_KB} KB.`);
  }
  if (figures.js.brotli > FIRST_LOAD_JS_BUDGET_KB) {
    console.error(`The first load grew past its budget: ${figures.js.brotli} KB > ${FIRST_LOAD_JS_BUDGET_KB} KB of JavaScript. Load the new code lazily (lazyArea, import()).`);
    process.exit(1);
  }
}
