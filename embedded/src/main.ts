import path from 'node:path';
import { loadEmbeddedMainConfig, repositoryRoot as root } from './config.js';
import { startEmbedded } from './host.js';

const config = loadEmbeddedMainConfig();

const started = performance.now();
const platform = await startEmbedded({
  dataDir: config.WPS_DATA_DIR,
  port: config.PORT,
  host: config.HOST,
  logLevel: config.LOG_LEVEL,
  webDist: config.WPS_WEB_DIST ?? path.join(root, 'web', 'dist'),
  env: {
    SEED_DEMO: String(config.SEED_DEMO),
    AGENT_DEMO_PROGRAMME: String(config.SEED_DEMO),
    // The demo brand's team plays on its own, so the winner board and the jackpot move (HOUSE_DEMO_PLAYERS=false stops it).
    HOUSE_DEMO_PLAYERS: process.env.HOUSE_DEMO_PLAYERS ?? String(config.SEED_DEMO),
    DEMO_PASSWORD: config.DEMO_PASSWORD,
  },
});
const lines = [
  '',
  'WPS gaming platform is running (embedded mode).',
  `  Site and API:  ${platform.url}`,
  ...(config.SEED_DEMO
    ? [
        `  Demo player:   demoplayer / ${config.DEMO_PASSWORD}`,
        `  Demo agent:    demoagent / ${config.DEMO_PASSWORD}  (invitation code DEMOAGENT: ${platform.url}/register?affiliateCode=DEMOAGENT)`,
        '  Demo brand:    DEMO (Spanish by default, the language menu lists the rest; MXN $)',
      ]
    : []),
  ...(platform.operatorToken ? [`  Operator API:  Authorization: Operator ${platform.operatorToken}`] : []),
  `  Sandbox Pay:   ${platform.sandboxPaySecret ? 'on (test deposits, no real money; SANDBOX_PAY_ENABLED=false turns it off)' : 'off'}`,
  `  Data:          ${path.relative(process.cwd(), config.WPS_DATA_DIR) || '.'} (PGlite, for trying the product; production runs on PostgreSQL)`,
  `  Ready in ${Math.round(performance.now() - started)} ms. Press Ctrl+C to stop.`,
  '',
];
process.stdout.write(`${lines.join('\n')}\n`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await platform.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
