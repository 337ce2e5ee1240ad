import { keyValueStoreContract } from './store.contract.js';
import { MemoryStore } from './memory.js';

keyValueStoreContract('memory', async () => new MemoryStore());
