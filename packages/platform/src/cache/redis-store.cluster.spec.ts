import { keyValueStoreContract } from './store.contract.js';
import { RedisStore } from './redis.js';

const url = process.env.REDIS_URL;
if (!url) throw new Error('REDIS_URL must be set: run `npm run test:cluster`');
keyValueStoreContract('redis', async () => new RedisStore(url));
