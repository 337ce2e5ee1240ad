import type { Sport } from '@wps/contracts';

/**
 * The simulated world's competitions and competitors: fictional clubs, players and teams, each with a strength
 * (rating) the prices and the simulated play come from. A higher rating is a stronger side; ratings compare only within
 * a sport.
 */

export interface Competitor {
  /** Unique across the world; usable as an outcome key (letters, digits and dashes). */
  id: string;
  name: string;
  rating: number;
}

export interface Competition {
  /** Short and unique across the world. */
  id: string;
  sport: Sport;
  name: string;
  competitors: readonly Competitor[];
  /** Matches played a day. */
  perDay: number;
  /** E-sports: the series formats played (best of 1, 3 or 5 maps), one drawn per match. */
  bestOf?: readonly (1 | 3 | 5)[];
  /** Basketball: minutes of regulation time and the average total points of a game. */
  minutes?: number;
  meanTotal?: number;
}

const slug = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Competitors from `name rating` pairs, their ids prefixed by the competition's. */
const field = (prefix: string, entries: readonly (readonly [string, number])[]): Competitor[] => entries.map(([name, rating]) => ({ id: `${prefix}-${slug(name)}`.slice(0, 40), name, rating }));

const FOOTBALL: Competition[] = [
  {
    id: 'fb-npl',
    sport: 'football',
    name: 'Northern Premier League',
    perDay: 3,
    competitors: field('npl', [
      ['Harbour City FC', 86],
      ['Kingsbridge United', 83],
      ['Ashford Rovers', 79],
      ['Millbrook Athletic', 76],
      ['Redcastle Town', 74],
      ['Westmoor Wanderers', 72],
      ['Eastgate Albion', 70],
      ['Stonehaven City', 68],
      ['Blackwater FC', 66],
      ['Fairfield Rangers', 64],
      ['Oakridge Villa', 62],
      ['Port Ellis United', 60],
    ]),
  },
  {
    id: 'fb-lcs',
    sport: 'football',
    name: 'Liga Costa del Sol',
    perDay: 3,
    competitors: field('lcs', [
      ['Real Montalba', 88],
      ['Atlético Sierra Alta', 84],
      ['CD Puerto Alto', 78],
      ['Unión Valverde', 75],
      ['Deportivo Lumbrera', 73],
      ['Racing Almenara', 71],
      ['SD Castellar', 69],
      ['CF Nieves', 67],
      ['Sporting Arenal', 65],
      ['UD Miramar', 63],
      ['Club Olivares', 61],
      ['Real Sotomayor', 59],
    ]),
  },
  {
    id: 'fb-sal',
    sport: 'football',
    name: 'Serie Alpina',
    perDay: 3,
    competitors: field('sal', [
      ['AC Valdora', 85],
      ['Sporting Lucerna', 82],
      ['FC Montevetro', 78],
      ['US Castelbruno', 75],
      ['Virtus Ferrano', 73],
      ['AS Pietralta', 71],
      ['Calcio Rivamare', 69],
      ['Inter Collina', 68],
      ['Unione Lago Nero', 66],
      ['Borgo San Felice', 64],
      ['Pro Vallese', 62],
      ['Atletico Serravento', 60],
    ]),
  },
  {
    id: 'fb-eln',
    sport: 'football',
    name: 'Erste Liga Nord',
    perDay: 3,
    competitors: field('eln', [
      ['FC Eisenbach', 87],
      ['SV Rotheim', 81],
      ['TSV Mühlental', 78],
      ['Borussia Falkenau', 76],
      ['VfB Lindenberg', 74],
      ['SC Hafenstadt', 72],
      ['Eintracht Burgwald', 70],
      ['FC Steinbrück', 68],
      ['SpVgg Talheim', 66],
      ['1. FC Kronau', 64],
      ['Fortuna Weidenfeld', 62],
      ['Union Bergstadt', 60],
    ]),
  },
];

const BASKETBALL: Competition[] = [
  {
    id: 'bb-pbl',
    sport: 'basketball',
    name: 'Pro Basketball League',
    perDay: 3,
    minutes: 48,
    meanTotal: 224,
    competitors: field('pbl', [
      ['Bay City Comets', 88],
      ['Mesa Sun Hawks', 85],
      ['Lakeshore Voyagers', 82],
      ['Granite Peak Bighorns', 79],
      ['Riverton Rapids', 77],
      ['Capital Monarchs', 75],
      ['Desert Springs Coyotes', 73],
      ['Harborview Mariners', 71],
      ['Prairie Storm', 69],
      ['Northgate Lumberjacks', 67],
      ['Twin Forks Foxes', 65],
      ['Coral Bay Pelicans', 62],
    ]),
  },
  {
    id: 'bb-ccl',
    sport: 'basketball',
    name: 'Continental Club League',
    perDay: 3,
    minutes: 40,
    meanTotal: 162,
    competitors: field('ccl', [
      ['Basket Valdora', 86],
      ['Olimpia Kastela', 83],
      ['Zenit Dravograd', 80],
      ['Real Montalba Basket', 78],
      ['Partizan Belorec', 76],
      ['Alba Nordhafen', 74],
      ['Virtus Ferrano Basket', 72],
      ['Panthers Eskiköy', 70],
      ['Lietava Kaunis', 68],
      ['Cibona Riva', 66],
      ['Le Havre-Maritime BC', 64],
      ['Kalev Tornby', 61],
    ]),
  },
];

const MEN = field('atp', [
  ['Luka Marenić', 92],
  ['Tomás Velarde', 90],
  ['Jannik Oberholzer', 88],
  ['Arthur Delacroix', 86],
  ['Mateo Ibarra', 84],
  ['Stefan Kovačev', 83],
  ['Felix Brandauer', 81],
  ['Kenji Arakawa', 80],
  ['Ruben Van Aelst', 79],
  ['Nikolai Sorokin', 78],
  ['Daniel Whitcombe', 77],
  ['Hugo Marchetti', 76],
  ['Emil Lindqvist', 75],
  ['Carlos Mendonça', 74],
  ['Alexei Dragunov', 73],
  ['Oscar Fairbairn', 72],
]);

const WOMEN = field('wta', [
  ['Elena Voronova', 92],
  ['Sofia Castellanos', 90],
  ['Mia Hartmann', 88],
  ['Chloé Bernardet', 86],
  ['Aiko Tanabe', 85],
  ['Petra Novaková', 83],
  ['Grace Whitfield', 82],
  ['Lucia Ferraro', 80],
  ['Ingrid Solberg', 79],
  ['Marta Zielińska', 78],
  ['Naomi Okafor', 77],
  ['Ana Lucía Prieto', 76],
  ['Daria Melnyk', 75],
  ['Julia Kessler', 74],
  ['Camille Roussel', 73],
  ['Yuna Shimizu', 72],
]);

const TENNIS: Competition[] = [
  { id: 'tn-hco', sport: 'tennis', name: "Men's Tour · Harbour City Open", perDay: 2, competitors: MEN.slice(0, 8) },
  { id: 'tn-ai', sport: 'tennis', name: "Men's Tour · Alpine Indoors", perDay: 2, competitors: MEN.slice(8) },
  { id: 'tn-rc', sport: 'tennis', name: "Women's Tour · Riverside Classic", perDay: 2, competitors: WOMEN.slice(0, 8) },
  { id: 'tn-cc', sport: 'tennis', name: "Women's Tour · Coastal Championships", perDay: 2, competitors: WOMEN.slice(8) },
];

const ESPORTS: Competition[] = [
  {
    id: 'cs-pl',
    sport: 'cs2',
    name: 'CS2 Pro League',
    perDay: 3,
    bestOf: [3],
    competitors: field('cs', [
      ['Nova Vanguard', 90],
      ['Frostbyte', 87],
      ['Red Sparrows', 84],
      ['Iron Lynx', 81],
      ['Void Runners', 78],
      ['Polar Wolves', 76],
      ['Crimson Oath', 73],
      ['Black Anchor', 70],
    ]),
  },
  {
    id: 'cs-om',
    sport: 'cs2',
    name: 'CS2 Open Masters',
    perDay: 3,
    bestOf: [1, 3, 3, 5],
    competitors: field('cs', [
      ['Sky Pirates', 86],
      ['Neon Legion', 83],
      ['Kinetic Five', 80],
      ['Silent Owls', 78],
      ['Rogue Meridian', 75],
      ['Ember Syndicate', 73],
      ['Quantum Wolves', 71],
      ['Static Shock', 68],
    ]),
  },
  {
    id: 'lol-cs',
    sport: 'lol',
    name: 'LoL Champions Series',
    perDay: 3,
    bestOf: [1],
    competitors: field('lol', [
      ['Azure Dragons', 90],
      ['Titan Forge', 87],
      ['Moonlit Ravens', 84],
      ['Solar Flare Gaming', 81],
      ['Obsidian Kings', 78],
      ['Verdant Spirits', 75],
      ['Storm Heralds', 72],
      ['Gilded Lions', 69],
    ]),
  },
  {
    id: 'lol-sp',
    sport: 'lol',
    name: 'LoL Summit Playoffs',
    perDay: 3,
    bestOf: [3, 5],
    competitors: field('lol', [
      ['Phoenix Ascent', 88],
      ['Tidebreakers', 85],
      ['Ironclad Esports', 82],
      ['Celestial Order', 79],
      ['Shadow Weavers', 77],
      ['Crystal Vanguard', 74],
      ['Wild Hunt', 71],
      ['Nightfall Academy', 68],
    ]),
  },
  {
    id: 'dota-al',
    sport: 'dota2',
    name: 'Dota 2 Ancient League',
    perDay: 3,
    bestOf: [3],
    competitors: field('dota', [
      ['Radiant Wolves', 90],
      ['Dire Straits Gaming', 87],
      ['Roshan Hunters', 84],
      ['Aegis Bearers', 81],
      ['Mana Void', 78],
      ['Tranquil Boots', 75],
      ['Divine Rapier', 72],
      ['Highground Heroes', 69],
    ]),
  },
  {
    id: 'dota-mi',
    sport: 'dota2',
    name: 'Dota 2 Midas Invitational',
    perDay: 3,
    bestOf: [1, 3, 5],
    competitors: field('dota', [
      ['Ember Lotus', 87],
      ['Frozen Throne Club', 84],
      ['Jungle Ancients', 81],
      ['Blink Strike', 79],
      ['Refresher Orb', 76],
      ['Scepter Syndicate', 74],
      ['Outworld Five', 71],
      ['Dagon Squad', 68],
    ]),
  },
  {
    id: 'val-sc',
    sport: 'valorant',
    name: 'Valorant Spike Circuit',
    perDay: 3,
    bestOf: [3],
    competitors: field('val', [
      ['Sentinel Prime', 90],
      ['Duelist Club', 87],
      ['Vandal Division', 84],
      ['Phantom Line', 81],
      ['Ultimate Orbit', 78],
      ['Site Lock', 75],
      ['Flash Point', 72],
      ['Defuse Squad', 69],
    ]),
  },
  {
    id: 'val-ro',
    sport: 'valorant',
    name: 'Valorant Radiant Open',
    perDay: 3,
    bestOf: [1, 3, 5],
    competitors: field('val', [
      ['Eclipse Protocol', 86],
      ['Ascendant Tide', 84],
      ['Spectre Unit', 81],
      ['Halcyon Five', 78],
      ['Overdrive Esports', 76],
      ['Recon Raiders', 73],
      ['Lotus Bloom', 71],
      ['Breach Theory', 68],
    ]),
  },
];

/** Every competition of the simulated world, by sport. */
export const COMPETITIONS: readonly Competition[] = [...FOOTBALL, ...BASKETBALL, ...TENNIS, ...ESPORTS];

export const competitionsOf = (sport: Sport): Competition[] => COMPETITIONS.filter((competition) => competition.sport === sport);
