import { ensureInstalled } from './lib/prepare.mjs';

ensureInstalled();
