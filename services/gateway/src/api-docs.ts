import express, { type Router } from 'express';
import { AppError } from '@wps/platform';
import type { UseCase } from '@wps/contracts';
import { API_REFERENCES, buildApiReference, type ApiReferenceName } from './openapi.js';

/**
 * `/api/docs`: the OpenAPI 3.1 references of the player, operator and vendor APIs, generated from the use-case
 * declarations at start, so they cannot drift from the routes.
 */
export function apiDocs(useCases: readonly UseCase[]): Router {
  const router = express.Router();
  const names = Object.keys(API_REFERENCES) as ApiReferenceName[];
  const documents = new Map(names.map((name) => [name, JSON.stringify(buildApiReference(name, useCases))]));
  router.get('/api/docs', (_req, res) => {
    res.json({ success: true, value: names.map((name) => ({ name, title: API_REFERENCES[name].title, url: `/api/docs/${name}.json` })) });
  });
  router.get('/api/docs/:name.json', (req, res) => {
    const document = documents.get(req.params.name as ApiReferenceName);
    if (!document) throw new AppError('NOT_FOUND');
    res.type('json').send(document);
  });
  return router;
}
