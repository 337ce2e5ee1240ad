import { useCases } from '@wps/contracts';
import { AppError } from '@wps/platform';
import { edgeOperation, type EdgeOperation } from '../use-cases.js';
// A year: a changed image is stored under a new name, so a name's bytes never change.
import { IMMUTABLE } from '../edge/web-client.js';

/** Public content images, read from the notices service's file store and sent as they are. */
export const filesEdgeOperations: Record<string, EdgeOperation> = Object.fromEntries([
  edgeOperation(useCases.publicFile, async ({ request, res, clients }) => {
    const file = await clients.notices.getPublicFile({ key: `${request.area}/${request.name}` });
    if (!file) throw new AppError('NOT_FOUND');
    res.setHeader('Cache-Control', IMMUTABLE);
    res.setHeader('Content-Security-Policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox");
    res.type(file.contentType).send(Buffer.from(file.base64, 'base64'));
  }),
]);
