import { z } from 'zod';
import { edgeUseCase } from '../use-case.js';
import { pathIdText } from './fields.js';

/** Public images: content images the operator uploaded (banners, popups, help articles), resized and stripped of metadata. */
export const fileUseCases = {
  publicFile: edgeUseCase({
    id: 'publicFile',
    summary: 'A public content image (png or jpeg); cached for a year, since a changed image gets a new name',
    tag: 'Content',
    method: 'GET',
    paths: ['/files/:area/:name'],
    auth: 'guest',
    rateLimit: 'none',
    idempotent: false,
    request: z.object({ area: pathIdText(/^[a-z][a-z0-9-]{0,30}$/), name: pathIdText(/^[A-Za-z0-9_-]{8,80}\.(png|jpg|webp)$/) }),
    response: z.string().meta({ description: 'The image bytes' }),
    contentType: ['image/png', 'image/jpeg', 'image/webp'],
    operation: { edge: 'publicFile' },
  }),
};
