/**
 * Writes the OpenAPI 3.1 references (player, operator, vendor) generated from the use-case declarations, the same
 * documents a running gateway serves at /api/docs/<name>.json: `npm run api-reference -- [out dir]` (default
 * `dist/api-reference`).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { allUseCases } from '@wps/contracts';
import { API_REFERENCES, buildApiReference, type ApiReferenceName } from '../../services/gateway/src/openapi.js';

const outDir = path.resolve(process.argv[2] ?? 'dist/api-reference');
mkdirSync(outDir, { recursive: true });
for (const name of Object.keys(API_REFERENCES) as ApiReferenceName[]) {
  const file = path.join(outDir, `${name}.json`);
  writeFileSync(file, `${JSON.stringify(buildApiReference(name, allUseCases), null, 2)}\n`);
  console.log(`${API_REFERENCES[name].title}: ${path.relative(process.cwd(), file)}`);
}
