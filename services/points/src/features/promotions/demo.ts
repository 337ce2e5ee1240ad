import { sql } from 'drizzle-orm';
import { rows, type Database } from '@wps/platform';
import type { z } from 'zod';
import { promotionBodySchema } from '@wps/contracts';
import type { PromotionCatalogue } from './catalogue.js';
import { demoPromotionLanguages } from './demo-languages.js';

const DEMO_BRAND = 'DEMO';
const DAY_MS = 86_400_000;
/** The demo brand's banners, in the web client's public files. */
const banner = (name: string) => `/promo-banners/${name}.svg`;

/** A promotion as the operator would write it, without what every demo promotion shares (currency, start). */
type DemoPromotion = { slug: string } & (z.input<typeof promotionBodySchema> extends infer T ? (T extends unknown ? Omit<T, 'currency' | 'startsAt'> & { startsAt?: string } : never) : never);

/** Promotions that run all the time: made once, from the first start on. */
export const STANDING: readonly DemoPromotion[] = [
  {
    slug: 'demo-welcome-match',
    kind: 'deposit_match',
    category: 'deposit',
    sort: 10,
    limitDevice: true,
    limitIp: true,
    bannerUrl: banner('welcome'),
    titles: { ES: 'Bono de bienvenida 100 %', EN: '100% welcome bonus' },
    summaries: { ES: 'Duplicamos tu próximo depósito hasta $2,000', EN: 'We double your next deposit up to $2,000' },
    rules: {
      ES: 'Únete y deposita al menos $100.00: recibes el 100 % del depósito, hasta $2,000.00, como bono.\nApuesta 20 veces el bono más el depósito en 30 días para convertirlo en efectivo.\nApuesta máxima mientras el bono está activo: $100.00.\nUno por jugador, dispositivo y red.',
      EN: 'Join and deposit at least $100.00: you get 100% of the deposit, up to $2,000.00, as a bonus.\nWager 20 times the bonus plus the deposit within 30 days to turn it into cash.\nMaximum bet while the bonus is active: $100.00.\nOne per player, device and network.',
    },
    terms: { percent: 100, maxBonusMinor: '200000', minDepositMinor: '10000', multiple: 20, base: 'bonus_deposit', maxBetMinor: '10000', days: 30 },
  },
  {
    slug: 'demo-reload-match',
    kind: 'deposit_match',
    category: 'deposit',
    sort: 20,
    bannerUrl: banner('reload'),
    titles: { ES: 'Recarga del 50 %', EN: '50% reload bonus' },
    summaries: { ES: 'El 50 % de tu depósito, hasta $1,000', EN: '50% of your deposit, up to $1,000' },
    rules: {
      ES: 'Únete y deposita al menos $200.00: recibes el 50 % como bono, hasta $1,000.00.\nApuesta 15 veces el bono en 14 días.',
      EN: 'Join and deposit at least $200.00: you get 50% as a bonus, up to $1,000.00.\nWager 15 times the bonus within 14 days.',
    },
    terms: { percent: 50, maxBonusMinor: '100000', minDepositMinor: '20000', multiple: 15, base: 'bonus', days: 14 },
  },
  {
    slug: 'demo-free-bonus',
    kind: 'cash_bonus',
    category: 'other',
    sort: 30,
    limitDevice: true,
    limitIp: true,
    bannerUrl: banner('gift'),
    titles: { ES: 'Bono gratis de $50', EN: 'Free $50 bonus' },
    summaries: { ES: 'Reclámalo y juega: sin depósito', EN: 'Claim it and play: no deposit needed' },
    rules: {
      ES: 'Reclama $50.00 de bono sin depositar.\nApuesta 10 veces el bono en 7 días para convertirlo en efectivo.\nUno por jugador, dispositivo y red.',
      EN: 'Claim a $50.00 bonus with no deposit.\nWager 10 times the bonus within 7 days to turn it into cash.\nOne per player, device and network.',
    },
    terms: { amountMinor: '5000', multiple: 10, base: 'bonus', days: 7 },
  },
  {
    slug: 'demo-slots-spins',
    kind: 'cash_bonus',
    category: 'casino',
    sort: 40,
    bannerUrl: banner('slots'),
    titles: { ES: 'Bono de tragamonedas $20', EN: '$20 slots bonus' },
    summaries: { ES: 'Solo cuenta lo que apuestas en tragamonedas', EN: 'Only slots bets count toward it' },
    rules: {
      ES: 'Reclama $20.00 de bono para tragamonedas.\nSolo las apuestas en tragamonedas y pesca cuentan: 25 veces el bono en 7 días.',
      EN: 'Claim a $20.00 bonus for slots.\nOnly slots and fishing bets count: 25 times the bonus within 7 days.',
    },
    terms: { amountMinor: '2000', multiple: 25, base: 'bonus', weights: { RNG: 100, FISH: 100 }, days: 7 },
  },
  {
    slug: 'demo-fruit-free-rounds',
    kind: 'free_rounds',
    category: 'casino',
    sort: 45,
    bannerUrl: banner('slots'),
    titles: { ES: '20 giros gratis en Fruit Party', EN: '20 free spins on Fruit Party' },
    summaries: { ES: 'Gira gratis: lo que ganes es tuyo como bono', EN: 'Spin for free: what you win is yours as a bonus' },
    rules: {
      ES: 'Reclama 20 giros gratis de $0.50 en Fruit Party y juégalos en 7 días.\nLo que ganen se abona como bono al terminar el último giro: apuesta 10 veces el bono en 14 días para convertirlo en efectivo.\nLos giros no usados vencen; lo ganado hasta entonces se abona igual.',
      EN: 'Claim 20 free spins of $0.50 on Fruit Party and play them within 7 days.\nWhat they win is given as a bonus when the last spin is played: wager 10 times the bonus within 14 days to turn it into cash.\nUnused spins expire; what they won until then is given all the same.',
    },
    terms: { game: 'house-slot-fruits', rounds: 20, stakeMinor: '50', playDays: 7, multiple: 10, base: 'bonus', days: 14 },
  },
  {
    slug: 'demo-live-table',
    kind: 'cash_bonus',
    category: 'live',
    sort: 50,
    bannerUrl: banner('live'),
    titles: { ES: 'Bono de mesa en vivo $30', EN: '$30 live table bonus' },
    summaries: { ES: 'Para ruleta, baccarat y blackjack en vivo', EN: 'For live roulette, baccarat and blackjack' },
    rules: {
      ES: 'Reclama $30.00 de bono para el casino en vivo.\nLas apuestas en vivo cuentan al 100 %: 8 veces el bono en 7 días.',
      EN: 'Claim a $30.00 bonus for the live casino.\nLive bets count in full: 8 times the bonus within 7 days.',
    },
    terms: { amountMinor: '3000', multiple: 8, base: 'bonus', weights: { LIVE: 100 }, days: 7 },
  },
  {
    slug: 'demo-casino-cashback',
    kind: 'cashback',
    category: 'casino',
    sort: 60,
    bannerUrl: banner('cashback'),
    titles: { ES: 'Cashback semanal de casino 10 %', EN: '10% weekly casino cashback' },
    summaries: { ES: 'Recupera el 10 % de tu pérdida de la semana', EN: 'Get back 10% of your weekly loss' },
    rules: {
      ES: 'Únete y cada lunes recibes el 10 % de tu pérdida neta de la semana anterior en tragamonedas, pesca y cartas (apuestas menos ganancias), hasta $5,000.00.\nSe paga como bono con 1 vez de apuesta; pérdida mínima $100.00.',
      EN: 'Join and every Monday you get 10% of your net loss of the week before on slots, fishing and cards (bets minus wins), up to $5,000.00.\nPaid as a bonus to wager once; minimum loss $100.00.',
    },
    terms: { rateBasisPoints: 1_000, maxMinor: '500000', minLossMinor: '10000', gameTypes: ['RNG', 'FISH', 'PVP'], payAs: 'bonus', multiple: 1, days: 7 },
  },
  {
    slug: 'demo-sports-cashback',
    kind: 'cashback',
    category: 'sports',
    sort: 70,
    bannerUrl: banner('sports'),
    titles: { ES: 'Reembolso deportivo 5 %', EN: '5% sports cashback' },
    summaries: { ES: 'Cada semana, a tu centro de recompensas', EN: 'Every week, into your reward centre' },
    rules: {
      ES: 'Únete y cada lunes recibes el 5 % de tu pérdida neta en deportes y e-sports de la semana anterior, hasta $2,000.00, para reclamar en el centro de recompensas.',
      EN: 'Join and every Monday you get 5% of your net loss on sports and e-sports of the week before, up to $2,000.00, to claim in the reward centre.',
    },
    terms: { rateBasisPoints: 500, maxMinor: '200000', minLossMinor: '5000', gameTypes: ['SPORTS', 'ESPORTS'], payAs: 'reward', multiple: 0, days: 7 },
  },
  {
    slug: 'demo-live-streak',
    kind: 'application',
    category: 'live',
    sort: 80,
    bannerUrl: banner('streak'),
    titles: { ES: 'Racha en vivo: 5 aciertos', EN: 'Live streak: 5 wins in a row' },
    summaries: { ES: 'Envía tu captura y gana $300', EN: 'Send your screenshot and win $300' },
    rules: {
      ES: 'Gana 5 manos seguidas en baccarat en vivo, toma una captura y envíala con tu solicitud.\nSi la aprobamos, recibes $300.00 de bono con 5 veces de apuesta en 14 días.',
      EN: 'Win 5 hands in a row at live baccarat, take a screenshot and send it with your application.\nOnce approved you get a $300.00 bonus to wager 5 times within 14 days.',
    },
    terms: { amountMinor: '30000', imagesRequired: 1, multiple: 5, base: 'bonus', days: 14 },
  },
  {
    slug: 'demo-vip-birthday',
    kind: 'application',
    category: 'vip',
    sort: 90,
    bannerUrl: banner('vip'),
    titles: { ES: 'Regalo VIP de cumpleaños', EN: 'VIP birthday gift' },
    summaries: { ES: 'Solicítalo en el mes de tu cumpleaños', EN: 'Apply in your birthday month' },
    rules: {
      ES: 'Miembros VIP: solicítalo en el mes de tu cumpleaños con una foto de tu identificación.\nRecibes $500.00 de bono con 3 veces de apuesta en 30 días.',
      EN: 'VIP members: apply in your birthday month with a photo of your ID.\nYou get a $500.00 bonus to wager 3 times within 30 days.',
    },
    terms: { amountMinor: '50000', imagesRequired: 0, multiple: 3, base: 'bonus', days: 30 },
  },
  {
    slug: 'demo-referral',
    kind: 'referral',
    category: 'other',
    sort: 100,
    bannerUrl: banner('referral'),
    titles: { ES: 'Invita a tus amigos', EN: 'Invite your friends' },
    summaries: { ES: '$100 por cada amigo que juegue', EN: '$100 for every friend who plays' },
    rules: {
      ES: 'Comparte tu enlace. Cuando tu amigo deposita al menos $200.00 y apuesta $1,000.00 en sus primeros 30 días, recibes $100.00 y tu amigo $50.00 de bienvenida (5 veces de apuesta).',
      EN: 'Share your link. When your friend deposits at least $200.00 and bets $1,000.00 within their first 30 days, you get $100.00 and your friend a $50.00 welcome bonus (wager 5 times).',
    },
    terms: { rewardMinor: '10000', minDepositMinor: '20000', minValidBetMinor: '100000', withinDays: 30, refereeBonusMinor: '5000', multiple: 5 },
  },
];

/** The raffle's draw is about this many days from the seeding; a new one is made when none is running. */
const RAFFLE_DAYS = 3;
/** The tournament starts this far from the seeding, so it shows as coming soon. */
const TOURNAMENT_DAYS = 5;

/** A promotion with a date of its own: made again, under a new slug, when the last one is over. */
export function dated(now: Date): DemoPromotion[] {
  const day = now.toISOString().slice(0, 10);
  // 20:00 in Mexico City (02:00 UTC), a few days on.
  const drawAt = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + RAFFLE_DAYS, 2));
  const tournamentStart = new Date(now.getTime() + TOURNAMENT_DAYS * DAY_MS);
  return [
    {
      slug: `demo-raffle-${day}`,
      kind: 'raffle',
      category: 'other',
      sort: 5,
      bannerUrl: banner('raffle'),
      startsAt: now.toISOString(),
      endsAt: drawAt.toISOString(),
      titles: { ES: 'Gran sorteo semanal', EN: 'Big weekly raffle' },
      summaries: { ES: 'Un boleto por cada $1,000 apostados', EN: 'One ticket for every $1,000 bet' },
      rules: {
        ES: 'Únete y cada $1,000.00 de apuesta válida te da un boleto.\nPremios: 1.º $10,000, 2.º $5,000, 3.º $2,500 (1 vez de apuesta).\nEl sorteo es verificable: publicamos su huella antes y la semilla después.',
        EN: 'Join and every $1,000.00 of valid bet gives you a ticket.\nPrizes: 1st $10,000, 2nd $5,000, 3rd $2,500 (wager once).\nThe draw can be checked: its fingerprint is published before and the seed after.',
      },
      terms: {
        ticketPerMinor: '100000',
        drawAt: drawAt.toISOString(),
        prizes: [
          { rank: 1, amountMinor: '1000000' },
          { rank: 2, amountMinor: '500000' },
          { rank: 3, amountMinor: '250000' },
        ],
        multiple: 1,
      },
    },
    {
      slug: `demo-tournament-${day}`,
      kind: 'tournament',
      category: 'casino',
      sort: 110,
      bannerUrl: banner('tournament'),
      startsAt: tournamentStart.toISOString(),
      endsAt: new Date(tournamentStart.getTime() + 7 * DAY_MS).toISOString(),
      titles: { ES: 'Torneo de tragamonedas', EN: 'Slots tournament' },
      summaries: { ES: 'Bolsa de $50,000 para los mejores', EN: 'A $50,000 pool for the best players' },
      rules: {
        ES: 'Durante una semana, cada apuesta en tragamonedas suma puntos. Los mejores se reparten $50,000.00.',
        EN: 'For one week every slots bet scores points. The best players share $50,000.00.',
      },
      terms: { prizePoolMinor: '5000000', gameTypes: ['RNG'] },
    },
  ];
}

/**
 * The demo brand's promotions, so a fresh install shows the page full, the rules in ES and EN and the titles and
 * summaries in every interface language: deposit matches, cash bonuses, cashbacks, applications, a live referral
 * promotion, a raffle whose draw is a few days away and a tournament coming soon. Idempotent: each is made once (by
 * its slug); a raffle or tournament is made again only when none is running or coming.
 */
export async function seedDemoPromotions(db: Database, catalogue: PromotionCatalogue): Promise<void> {
  const now = new Date();
  const [running] = await rows<{ raffle: boolean; tournament: boolean }>(
    db.orm,
    sql`SELECT coalesce(bool_or(kind = 'raffle'), false) AS raffle, coalesce(bool_or(kind = 'tournament'), false) AS tournament
        FROM points.promotions WHERE merchant_code = ${DEMO_BRAND} AND slug LIKE 'demo-%' AND (ends_at IS NULL OR ends_at > now())`,
  );
  const wanted = [...STANDING, ...dated(now).filter((one) => (one.kind === 'raffle' ? !running?.raffle : !running?.tournament))];
  await db.transaction(async (tx) => {
    for (const { slug, ...fields } of wanted) {
      const translated = demoPromotionLanguages(slug);
      const body = promotionBodySchema.parse({
        currency: 'MXN',
        startsAt: new Date(now.getTime() - DAY_MS).toISOString(),
        ...fields,
        titles: { ...fields.titles, ...translated.titles },
        summaries: { ...fields.summaries, ...translated.summaries },
      });
      await catalogue.create(tx, DEMO_BRAND, body, 'demo', slug);
    }
  });
}
