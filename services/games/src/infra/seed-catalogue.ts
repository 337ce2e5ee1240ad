import { sql } from 'drizzle-orm';
import { rows, type Executor } from '@wps/platform';
import { demoVendorPicturePath, type DemoVendorPicture } from '../domain/demo-vendor-art.js';

interface DemoVendor {
  vassalage: string;
  displayName: string;
  gameType: string;
  adapter: 'house' | 'seamless-demo' | 'lottery';
  isGame?: 'GAME' | 'VASSALAGE';
  color: string;
  games: number;
  classifies?: string[];
}

/** The demo catalogue: the in-house games and a dozen fictional vendors over every category, so the lobby looks real. */
const DEMO_VENDORS: DemoVendor[] = [
  // The house vendor's games come from the house service's own catalogue migrations (050, 051): only the vendor here.
  { vassalage: 'HOUSE', displayName: 'House Games', gameType: 'RNG', adapter: 'house', color: '#b45309', games: 0 },
  { vassalage: 'PGS', displayName: 'PG Demo Slots', gameType: 'RNG', adapter: 'seamless-demo', color: '#7c3aed', games: 24, classifies: ['SC', 'VP', 'JP', 'TG', 'AC'] },
  { vassalage: 'JDB', displayName: 'JDB Demo', gameType: 'RNG', adapter: 'seamless-demo', isGame: 'VASSALAGE', color: '#db2777', games: 12, classifies: ['JP', 'AC', 'SC'] },
  { vassalage: 'EVO', displayName: 'Evo Demo Live', gameType: 'LIVE', adapter: 'seamless-demo', color: '#047857', games: 16 },
  { vassalage: 'SAG', displayName: 'SA Demo Gaming', gameType: 'LIVE', adapter: 'seamless-demo', color: '#0f766e', games: 10 },
  { vassalage: 'JILI', displayName: 'Jili Demo Fishing', gameType: 'FISH', adapter: 'seamless-demo', color: '#0284c7', games: 10 },
  { vassalage: 'KYP', displayName: 'KY Demo Poker', gameType: 'PVP', adapter: 'seamless-demo', color: '#dc2626', games: 12 },
  { vassalage: 'SBO', displayName: 'SBO Demo Sports', gameType: 'SPORTS', adapter: 'seamless-demo', color: '#15803d', games: 6 },
  { vassalage: 'AV', displayName: 'AV Esports', gameType: 'SPORTS', adapter: 'seamless-demo', color: '#4f46e5', games: 6 },
  { vassalage: 'IA', displayName: 'IA Esports', gameType: 'SPORTS', adapter: 'seamless-demo', color: '#6d28d9', games: 5 },
  { vassalage: 'SV3', displayName: 'SV388 Cockfight', gameType: 'SPORTS', adapter: 'seamless-demo', color: '#a16207', games: 4 },
  { vassalage: 'WS168', displayName: 'WS168 Cockfight', gameType: 'COCKFIGHT', adapter: 'seamless-demo', color: '#c2410c', games: 4 },
  { vassalage: 'LOTT', displayName: 'Lotto', gameType: 'LOTT', adapter: 'lottery', color: '#be123c', games: 8 },
  { vassalage: 'ELOTT', displayName: 'E-Lotto', gameType: 'ELOTT', adapter: 'lottery', color: '#9f1239', games: 8 },
  { vassalage: 'TCG_LOTTO_VN', displayName: 'TCG Lotto VN', gameType: 'LOTT', adapter: 'lottery', color: '#b91c1c', games: 8 },
  { vassalage: 'TCG_SEA', displayName: 'TCG SEA Lotto', gameType: 'LOTT', adapter: 'lottery', color: '#991b1b', games: 6 },
];

const ADJECTIVES: Array<[string, string]> = [
  ['Golden', 'Dorado'],
  ['Lucky', 'Afortunado'],
  ['Wild', 'Salvaje'],
  ['Royal', 'Real'],
  ['Mystic', 'Místico'],
  ['Fiery', 'Ardiente'],
  ['Jade', 'de Jade'],
  ['Silver', 'Plateado'],
  ['Thunder', 'del Trueno'],
  ['Crystal', 'de Cristal'],
  ['Ancient', 'Antiguo'],
  ['Neon', 'de Neón'],
];
const NOUNS: Record<string, Array<[string, string]>> = {
  RNG: [
    ['Dragon', 'Dragón'],
    ['Fortune', 'Fortuna'],
    ['Treasure', 'Tesoro'],
    ['Phoenix', 'Fénix'],
    ['Tiger', 'Tigre'],
    ['Pharaoh', 'Faraón'],
    ['Gems', 'Gemas'],
  ],
  LIVE: [
    ['Baccarat', 'Bacará'],
    ['Roulette', 'Ruleta'],
    ['Blackjack', 'Blackjack'],
    ['Sic Bo', 'Sic Bo'],
    ['Dragon Tiger', 'Dragón Tigre'],
  ],
  FISH: [
    ['Fishing', 'Pesca'],
    ['Ocean King', 'Rey del Océano'],
    ['Shark Hunt', 'Caza de Tiburones'],
    ['Reef', 'Arrecife'],
  ],
  PVP: [
    ['Poker', 'Póker'],
    ['Teen Patti', 'Teen Patti'],
    ['Rummy', 'Rummy'],
    ['Domino', 'Dominó'],
  ],
  SPORTS: [
    ['Football', 'Fútbol'],
    ['Arena', 'Arena'],
    ['Cup', 'Copa'],
    ['League', 'Liga'],
  ],
  COCKFIGHT: [
    ['Derby', 'Derbi'],
    ['Pit', 'Palenque'],
  ],
  LOTT: [
    ['Lotto', 'Lotería'],
    ['Draw', 'Sorteo'],
    ['Numbers', 'Números'],
  ],
  ELOTT: [
    ['Quick Lotto', 'Lotería Rápida'],
    ['Keno', 'Keno'],
  ],
};

function demoName(vendor: DemoVendor, index: number): { EN: string; ES: string } {
  const nouns = NOUNS[vendor.gameType] ?? NOUNS.RNG!;
  const [adjEn, adjEs] = ADJECTIVES[(index + vendor.vassalage.length) % ADJECTIVES.length]!;
  const [nounEn, nounEs] = nouns[index % nouns.length]!;
  const round = Math.floor(index / (nouns.length * ADJECTIVES.length));
  const suffix = round > 0 ? ` ${round + 1}` : '';
  return { EN: `${adjEn} ${nounEn}${suffix}`, ES: `${nounEs} ${adjEs}${suffix}` };
}

/** Seeds the demo catalogue once per database: later starts leave it as the operator configured it. */
export async function seedDemoCatalogue(tx: Executor): Promise<number> {
  const first = await rows<{ name: string }>(tx, sql`INSERT INTO games.seed_runs (name) VALUES ('demo-catalogue') ON CONFLICT DO NOTHING RETURNING name`);
  if (first.length === 0) return 0;
  let inserted = 0;
  for (const [position, vendor] of DEMO_VENDORS.entries()) {
    await tx.execute(
      sql`INSERT INTO games.vendors (vassalage, display_name, game_type, enabled, sort_order, adapter, is_game, icon_color)
          VALUES (${vendor.vassalage}, ${vendor.displayName}, ${vendor.gameType}, true, ${position}, ${vendor.adapter}, ${vendor.isGame ?? 'GAME'}, ${vendor.color})
          ON CONFLICT (vassalage) DO UPDATE SET adapter = EXCLUDED.adapter, icon_color = EXCLUDED.icon_color, sort_order = EXCLUDED.sort_order`,
    );
    for (let index = 0; index < vendor.games; index++) {
      const code = `${vendor.vassalage.toLowerCase()}-${String(index + 1).padStart(3, '0')}`;
      const names = demoName(vendor, index);
      const classify = vendor.gameType === 'RNG' ? (vendor.classifies?.[index % vendor.classifies.length] ?? 'SC') : null;
      const freeTrial = vendor.gameType === 'RNG' || vendor.gameType === 'FISH';
      await tx.execute(
        sql`INSERT INTO games.games (vassalage, game_code, game_type, game_classify, names, is_hot, free_trial, sort_order)
            VALUES (${vendor.vassalage}, ${code}, ${vendor.gameType}, ${classify}, ${JSON.stringify(names)}::jsonb, ${index % 5 === 0}, ${freeTrial}, ${index})
            ON CONFLICT (vassalage, game_code) DO NOTHING`,
      );
      inserted++;
    }
  }
  await tx.execute(
    sql`INSERT INTO games.announcements (merchant_code, titles, contents)
        VALUES (NULL, ${JSON.stringify({ EN: 'New in-house games', ES: 'Nuevos juegos de la casa' })}::jsonb,
                ${JSON.stringify({ EN: 'Dice, Crash, Mines, Plinko, Roulette and more are open in the lobby.', ES: 'Dados, Crash, Minas, Plinko, Ruleta y más ya están en el lobby.' })}::jsonb)`,
  );
  return inserted;
}

/**
 * Demo games that carry their vendor's own picture (the rest show the drawn art): the first games of the slots, live
 * and fishing vendors, so HOME shows both kinds. The demo vendors' pictures are served by the games service itself
 * (`domain/demo-vendor-art.ts`), so they load on an install without internet.
 */
const DEMO_GAME_PICTURES: Array<{ vassalage: string; gameCode: string; picture: DemoVendorPicture }> = [
  { vassalage: 'PGS', gameCode: 'pgs-001', picture: 'aurora' },
  { vassalage: 'PGS', gameCode: 'pgs-002', picture: 'ember' },
  { vassalage: 'PGS', gameCode: 'pgs-003', picture: 'orchid' },
  { vassalage: 'PGS', gameCode: 'pgs-004', picture: 'nebula' },
  { vassalage: 'EVO', gameCode: 'evo-001', picture: 'velvet' },
  { vassalage: 'EVO', gameCode: 'evo-002', picture: 'emerald' },
  { vassalage: 'JILI', gameCode: 'jili-001', picture: 'reef' },
  { vassalage: 'JILI', gameCode: 'jili-002', picture: 'lagoon' },
];

/**
 * Gives the demo games their vendor pictures, once per database, so a demo catalogue seeded before games had images
 * gets them too; later starts leave every game's image as the operator set or cleared it.
 */
export async function seedDemoGameImages(tx: Executor): Promise<number> {
  const first = await rows<{ name: string }>(tx, sql`INSERT INTO games.seed_runs (name) VALUES ('demo-game-images') ON CONFLICT DO NOTHING RETURNING name`);
  if (first.length === 0) return 0;
  const pictures = DEMO_GAME_PICTURES.map((entry) => ({ vassalage: entry.vassalage, game_code: entry.gameCode, image_url: demoVendorPicturePath(entry.picture) }));
  const updated = await rows<{ node_id: string }>(
    tx,
    sql`UPDATE games.games g SET image_url = p.image_url
        FROM jsonb_to_recordset(${JSON.stringify(pictures)}::jsonb) AS p(vassalage text, game_code text, image_url text)
        WHERE g.vassalage = p.vassalage AND g.game_code = p.game_code AND g.image_url IS NULL
        RETURNING g.node_id::text AS node_id`,
  );
  return updated.length;
}
