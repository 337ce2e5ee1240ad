import { useCases } from '@wps/contracts';
import { AppError } from '@wps/platform';
import { edgeOperation } from '../use-cases.js';

/**
 * The lobby's calls the gateway answers itself (the rest are declared in `@wps/contracts` api/games.ts and mounted
 * from there): recall spans two services, and icons, the demo vendors' pictures and the demo page are not JSON.
 */
export const gamesEdgeOperations = Object.fromEntries([
  edgeOperation(useCases.recallBalance, async ({ context, clients }) => {
    const { memberId, merchantCode, account, currency } = context.principal!;
    await clients.games.recallFromVendors({ memberId, merchantCode, account, currency });
    const balance = await clients.wallet.getBalance({ memberId, merchantCode, currency });
    return { value: { balance: balance.balance, currency: balance.currency } };
  }),
  edgeOperation(useCases.gameIcon, async ({ request, clients, res }) => {
    const icon = await clients.games.icon({ id: request.id });
    if (!icon) throw new AppError('NOT_FOUND');
    res.setHeader('Cache-Control', 'public, max-age=3600');
    // A drawing and nothing else: opened on its own, it may not run or load anything.
    res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
    res.type('image/svg+xml').send(icon.svg);
  }),
  edgeOperation(useCases.demoVendorPicture, async ({ request, clients, res }) => {
    const picture = await clients.games.demoVendorPicture({ name: request.name });
    if (!picture) throw new AppError('NOT_FOUND');
    res.setHeader('Cache-Control', 'public, max-age=86400');
    res.setHeader('Content-Security-Policy', "default-src 'none'");
    res.type(picture.contentType).send(Buffer.from(picture.base64, 'base64'));
  }),
  edgeOperation(useCases.demoPlayPage, async ({ request, clients, res }) => {
    const page = await clients.games.demoPlayPage({ token: request.token.slice(0, 200) });
    // The page is ours and static: nothing in it may run scripts or be framed by other sites.
    res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'");
    res.type('html').send(page.html);
  }),
]);
