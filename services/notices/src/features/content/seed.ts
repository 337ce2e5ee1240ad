import { sql } from 'drizzle-orm';
import { helpArticleBodySchema, helpCategoryBodySchema, noticeBodySchema, type LinkageType, type NoticeAudience, type NoticeExecution, type NoticeType } from '@wps/contracts';
import { rows } from '@wps/platform';
import { storeImage } from '../../infra/images.js';
import type { NoticesDeps } from '../module.js';
import { renderArtwork, type Artwork } from './artwork.js';
import { insertArticle, insertCategory, upsertLicence } from './help.js';
import { CONTENT_IMAGE_BOUNDS, contentChanged, insertNotice } from './notices.js';
import { checkNotice } from './rules.js';
import { DEMO_NOTICE_LANGUAGES } from './seed-languages.js';

/** The demo brand of `npm start` (seeded by identity). */
const DEMO_BRAND = 'DEMO';
const SEED_NAME = 'demo-content:DEMO';

type Bilingual<T> = { ES: T; EN: T };
type Link = [LinkageType, string] | ['PROMOTION', { promotion: string }];

interface DemoNotice {
  key: string;
  type: NoticeType;
  texts: Bilingual<{ title: string; content: string }>;
  groupName?: string;
  execution?: NoticeExecution;
  audiences?: NoticeAudience[];
  art?: Artwork;
  link?: Link;
}

const PURPLE = ['#2a0a4a', '#0b1030', '#8b5cf6'] as const;
const CRIMSON = ['#4a0a1c', '#12081f', '#ec4899'] as const;
const EMERALD = ['#053b2c', '#071226', '#34d399'] as const;
const NAVY = ['#0c1f4a', '#0a0d1a', '#38bdf8'] as const;
const AMBER = ['#4a2a05', '#120a1f', '#f28f1c'] as const;

const BANNER = { width: 1920, height: 600 } as const;
const MODAL_BANNER = { width: 1200, height: 375 } as const;
const SIDE_BANNER = { width: 600, height: 300 } as const;
const POPUP = { width: 900, height: 600 } as const;
const PROMOTION = { width: 800, height: 450 } as const;

/** Promotions first: banners and popups link to them. */
const PROMOTIONS: DemoNotice[] = [
  {
    key: 'welcome',
    type: 'PR',
    art: { ...PROMOTION, headline: '100%', subline: 'WELCOME BONUS', tag: 'NEW', palette: PURPLE, motif: 'chips' },
    link: ['PAGE', '/register'],
    texts: {
      ES: {
        title: 'Bono de bienvenida del 100%',
        content:
          '<p>Duplicamos tu <strong>primer depósito</strong> hasta <strong>$5,000 MXN</strong>.</p><ul><li>Depósito mínimo: $200 MXN.</li><li>Requisito de apuesta: 20 veces el bono en slots.</li><li>Válido 30 días desde tu registro.</li></ul><p>Regístrate, deposita y el bono se acredita automáticamente.</p>',
      },
      EN: {
        title: '100% welcome bonus',
        content:
          '<p>We double your <strong>first deposit</strong> up to <strong>$5,000 MXN</strong>.</p><ul><li>Minimum deposit: $200 MXN.</li><li>Wagering: 20 times the bonus on slots.</li><li>Valid for 30 days after you register.</li></ul><p>Sign up, deposit and the bonus is credited automatically.</p>',
      },
    },
  },
  {
    key: 'cashback',
    type: 'PR',
    art: { ...PROMOTION, headline: '10%', subline: 'WEEKLY CASHBACK', tag: 'EVERY MONDAY', palette: EMERALD, motif: 'coins' },
    link: ['PAGE', '/live'],
    texts: {
      ES: {
        title: 'Reembolso semanal del 10%',
        content:
          '<p>Cada lunes te devolvemos el <strong>10%</strong> de tus pérdidas netas de la semana en casino en vivo.</p><ul><li>Sin requisito de apuesta: el reembolso es dinero real.</li><li>Reembolso máximo: $10,000 MXN por semana.</li></ul><p>Se acredita automáticamente antes de las 12:00 (hora de Ciudad de México).</p>',
      },
      EN: {
        title: '10% weekly cashback',
        content:
          '<p>Every Monday we return <strong>10%</strong> of your net live-casino losses of the week.</p><ul><li>No wagering: the cashback is real money.</li><li>Maximum cashback: $10,000 MXN a week.</li></ul><p>Credited automatically before 12:00 (Mexico City time).</p>',
      },
    },
  },
  {
    key: 'tournament',
    type: 'PR',
    art: { ...PROMOTION, headline: '$50,000', subline: 'SLOTS TOURNAMENT', tag: 'PRIZE POOL', palette: CRIMSON, motif: 'dice' },
    link: ['PAGE', '/rng'],
    texts: {
      ES: {
        title: 'Torneo de slots: $50,000 MXN en premios',
        content:
          '<p>Gira en cualquier slot participante y suma puntos por cada <strong>$10 MXN</strong> apostados.</p><ol><li>1.er lugar: $15,000 MXN</li><li>2.º lugar: $8,000 MXN</li><li>3.er lugar: $5,000 MXN</li></ol><p>Los 100 primeros lugares reciben premio. La tabla se actualiza cada hora.</p>',
      },
      EN: {
        title: 'Slots tournament: $50,000 MXN in prizes',
        content:
          '<p>Spin any participating slot and earn points for every <strong>$10 MXN</strong> wagered.</p><ol><li>1st place: $15,000 MXN</li><li>2nd place: $8,000 MXN</li><li>3rd place: $5,000 MXN</li></ol><p>The top 100 places win a prize. The leaderboard updates every hour.</p>',
      },
    },
  },
];

/** Banners, player notices (in every interface language, see `DEMO_NOTICE_LANGUAGES`), popups and a help-centre notice. */
export const NOTICES: DemoNotice[] = [
  // Home carousel and the banner of every other group.
  {
    key: 'home-welcome',
    type: 'B',
    groupName: 'w_home',
    art: { ...BANNER, headline: '100% BONUS', subline: 'UP TO $5,000 MXN', tag: 'WELCOME', palette: PURPLE, motif: 'chips' },
    link: ['PROMOTION', { promotion: 'welcome' }],
    texts: { ES: { title: 'Bono de bienvenida del 100%', content: '' }, EN: { title: '100% welcome bonus', content: '' } },
  },
  {
    key: 'home-live',
    type: 'B',
    groupName: 'w_home',
    art: { ...BANNER, headline: 'LIVE CASINO', subline: 'BLACKJACK · ROULETTE · BACCARAT', tag: '24/7', palette: CRIMSON, motif: 'cards' },
    link: ['PAGE', '/live'],
    texts: { ES: { title: 'Casino en vivo las 24 horas', content: '' }, EN: { title: 'Live casino around the clock', content: '' } },
  },
  {
    key: 'home-jackpot',
    type: 'B',
    groupName: 'w_home',
    art: { ...BANNER, headline: 'JACKPOT', subline: '$2,500,000 MXN', tag: 'SLOTS', palette: AMBER, motif: 'coins' },
    link: ['PAGE', '/rng'],
    texts: { ES: { title: 'Jackpot progresivo', content: '' }, EN: { title: 'Progressive jackpot', content: '' } },
  },
  {
    key: 'login',
    type: 'B',
    groupName: 'w_login',
    art: { ...MODAL_BANNER, headline: 'VIP CLUB', subline: 'REWARDS · CASHBACK', palette: AMBER, motif: 'crown' },
    link: ['PAGE', '/promotions'],
    texts: { ES: { title: 'Club VIP', content: '' }, EN: { title: 'VIP club', content: '' } },
  },
  {
    key: 'register',
    type: 'B',
    groupName: 'w_reg',
    art: { ...MODAL_BANNER, headline: '100% BONUS', subline: 'FIRST DEPOSIT', palette: PURPLE, motif: 'chips' },
    link: ['PROMOTION', { promotion: 'welcome' }],
    texts: { ES: { title: 'Bono de bienvenida', content: '' }, EN: { title: 'Welcome bonus', content: '' } },
  },
  {
    key: 'forget',
    type: 'B',
    groupName: 'w_forget',
    art: { ...MODAL_BANNER, headline: 'HELP 24/7', subline: 'ACCOUNT · PAYMENTS', palette: NAVY, motif: 'seal' },
    link: ['PAGE', '/help'],
    texts: { ES: { title: 'Centro de ayuda', content: '' }, EN: { title: 'Help centre', content: '' } },
  },
  {
    key: 'leftmenu',
    type: 'B',
    groupName: 'w_leftmenu',
    art: { ...SIDE_BANNER, headline: 'JOIN', subline: '100% BONUS', palette: CRIMSON, motif: 'dice' },
    link: ['PAGE', '/register'],
    texts: { ES: { title: 'Regístrate', content: '' }, EN: { title: 'Sign up', content: '' } },
  },
  // Player notices (the marquee and the notice list).
  {
    key: 'notice-maintenance',
    type: 'PL',
    link: ['PAGE', '/sports'],
    texts: {
      ES: {
        title: 'Mantenimiento programado de deportes',
        content: '<p>El proveedor de apuestas deportivas hará mantenimiento el <strong>martes de 03:00 a 05:00</strong> (hora de Ciudad de México). Las apuestas abiertas no se ven afectadas.</p>',
      },
      EN: {
        title: 'Scheduled sports maintenance',
        content: '<p>The sports betting provider has maintenance on <strong>Tuesday from 03:00 to 05:00</strong> (Mexico City time). Open bets are not affected.</p>',
      },
    },
  },
  {
    key: 'notice-live',
    type: 'PL',
    link: ['PAGE', '/live'],
    texts: {
      ES: { title: 'Nuevas mesas de ruleta en vivo', content: '<p>Abrimos <strong>6 mesas nuevas</strong> de ruleta y baccarat en vivo con crupieres en español.</p>' },
      EN: { title: 'New live roulette tables', content: '<p>We opened <strong>6 new</strong> live roulette and baccarat tables with Spanish-speaking dealers.</p>' },
    },
  },
  {
    key: 'notice-deposits',
    type: 'PL',
    texts: {
      ES: { title: 'Depósitos acreditados en minutos', content: '<p>Los depósitos por transferencia SPEI se acreditan ahora en <strong>menos de 5 minutos</strong>, todos los días.</p>' },
      EN: { title: 'Deposits credited in minutes', content: '<p>SPEI bank transfers are now credited in <strong>under 5 minutes</strong>, every day.</p>' },
    },
  },
  {
    key: 'notice-responsible',
    type: 'PL',
    link: ['URL', 'https://www.gamblingtherapy.org/es/'],
    texts: {
      ES: { title: 'Juega con responsabilidad', content: '<p>Establece límites de depósito desde tu cuenta y pide ayuda si el juego deja de ser diversión. Solo mayores de 18 años.</p>' },
      EN: { title: 'Play responsibly', content: '<p>Set deposit limits from your account and ask for help if gaming stops being fun. Over 18s only.</p>' },
    },
  },
  {
    key: 'notice-members',
    type: 'PL',
    audiences: ['member', 'agent'],
    link: ['PROMOTION', { promotion: 'cashback' }],
    texts: {
      ES: { title: 'Tu reembolso llega cada lunes', content: '<p>Revisa tu historial de cuenta el lunes: el reembolso del 10% se acredita antes del mediodía.</p>' },
      EN: { title: 'Your cashback arrives every Monday', content: '<p>Check your account record on Monday: the 10% cashback is credited before noon.</p>' },
    },
  },
  {
    key: 'notice-agents',
    type: 'PL',
    audiences: ['agent'],
    texts: {
      ES: { title: 'Agentes: informes de equipo por hora', content: '<p>El centro de agentes muestra ahora las apuestas de tu equipo hora por hora.</p>' },
      EN: { title: 'Agents: hourly team reports', content: '<p>The agent centre now shows your team’s bets hour by hour.</p>' },
    },
  },
  // Announcement popups: B for guests, A for signed-in members, F on the first sign-in.
  {
    key: 'popup-guest',
    type: 'PU',
    execution: 'B',
    art: { ...POPUP, headline: '100%', subline: 'WELCOME BONUS', tag: 'JOIN NOW', palette: PURPLE, motif: 'chips' },
    link: ['PAGE', '/register'],
    texts: {
      ES: { title: '¡Bienvenido!', content: '<p>Regístrate en un minuto y recibe un <strong>bono del 100%</strong> en tu primer depósito.</p>' },
      EN: { title: 'Welcome!', content: '<p>Sign up in a minute and get a <strong>100% bonus</strong> on your first deposit.</p>' },
    },
  },
  {
    key: 'popup-tournament',
    type: 'PU',
    execution: 'A',
    art: { ...POPUP, headline: '$50,000', subline: 'SLOTS TOURNAMENT', tag: 'THIS WEEK', palette: CRIMSON, motif: 'dice' },
    link: ['PROMOTION', { promotion: 'tournament' }],
    texts: {
      ES: { title: 'Torneo de slots', content: '<p>Ya empezó el torneo semanal: <strong>$50,000 MXN</strong> para los 100 mejores.</p>' },
      EN: { title: 'Slots tournament', content: '<p>The weekly tournament has started: <strong>$50,000 MXN</strong> for the top 100.</p>' },
    },
  },
  {
    key: 'popup-cashback',
    type: 'PU',
    execution: 'A',
    art: { ...POPUP, headline: '10%', subline: 'WEEKLY CASHBACK', tag: 'LIVE CASINO', palette: EMERALD, motif: 'wheel' },
    link: ['PROMOTION', { promotion: 'cashback' }],
    texts: {
      ES: { title: 'Reembolso semanal', content: '<p>Juega en vivo y recupera el <strong>10%</strong> de tus pérdidas cada lunes.</p>' },
      EN: { title: 'Weekly cashback', content: '<p>Play live and get <strong>10%</strong> of your losses back every Monday.</p>' },
    },
  },
  {
    key: 'popup-first',
    type: 'PU',
    execution: 'F',
    art: { ...POPUP, headline: 'WELCOME', subline: 'YOUR ACCOUNT IS READY', tag: 'FIRST LOGIN', palette: NAVY, motif: 'crown' },
    link: ['PAGE', '/member'],
    texts: {
      ES: { title: '¡Gracias por unirte!', content: '<p>Completa tu perfil y haz tu primer depósito para activar el <strong>bono de bienvenida</strong>.</p>' },
      EN: { title: 'Thanks for joining!', content: '<p>Complete your profile and make your first deposit to unlock the <strong>welcome bonus</strong>.</p>' },
    },
  },
  // A help-centre notice.
  {
    key: 'help-chat',
    type: 'H',
    link: ['PAGE', '/help'],
    texts: {
      ES: { title: 'Soporte en vivo 24/7', content: '<p>Nuestro equipo responde por chat todos los días, a toda hora.</p>' },
      EN: { title: 'Live support 24/7', content: '<p>Our team answers on chat every day, around the clock.</p>' },
    },
  },
];

interface DemoCategory {
  title: Bilingual<string>;
  articles: { title: Bilingual<string>; content: Bilingual<string>; terms?: boolean }[];
}

const HELP: DemoCategory[] = [
  {
    title: { ES: 'Cuenta', EN: 'Account' },
    articles: [
      {
        title: { ES: '¿Cómo creo una cuenta?', EN: 'How do I create an account?' },
        content: {
          ES: '<p>Pulsa <strong>Registrarse</strong>, elige un usuario y una contraseña de 6 a 20 caracteres y confirma que eres mayor de 18 años. Tu cuenta queda lista al instante.</p>',
          EN: '<p>Press <strong>Sign up</strong>, choose a username and a password of 6 to 20 characters and confirm you are over 18. Your account is ready at once.</p>',
        },
      },
      {
        title: { ES: 'Olvidé mi contraseña', EN: 'I forgot my password' },
        content: {
          ES: '<p>En la ventana de inicio de sesión pulsa <strong>¿Olvidaste tu contraseña?</strong> y recupérala con tu correo o con un código SMS a tu teléfono registrado.</p>',
          EN: '<p>In the sign-in window press <strong>Forgot password?</strong> and recover it with your email or an SMS code to your registered phone.</p>',
        },
      },
      {
        title: { ES: 'Proteger mi cuenta con verificación en dos pasos', EN: 'Protecting my account with two-step verification' },
        content: {
          ES: '<p>En <strong>Mi cuenta → Centro de seguridad</strong> activa la verificación en dos pasos con una app de autenticación. Te pediremos el código al entrar desde un dispositivo nuevo.</p>',
          EN: '<p>In <strong>My account → Security centre</strong> turn on two-step verification with an authenticator app. We ask for the code when you sign in from a new device.</p>',
        },
      },
    ],
  },
  {
    title: { ES: 'Depósitos y retiros', EN: 'Deposits and withdrawals' },
    articles: [
      {
        title: { ES: '¿Cuánto tarda un depósito?', EN: 'How long does a deposit take?' },
        content: {
          ES: '<p>Las transferencias SPEI se acreditan normalmente en menos de 5 minutos. Los depósitos en tiendas de conveniencia pueden tardar hasta 30 minutos.</p><p>Depósito mínimo: $100 MXN.</p>',
          EN: '<p>SPEI transfers are usually credited in under 5 minutes. Convenience-store deposits can take up to 30 minutes.</p><p>Minimum deposit: $100 MXN.</p>',
        },
      },
      {
        title: { ES: '¿Cómo retiro mis ganancias?', EN: 'How do I withdraw my winnings?' },
        content: {
          ES: '<p>Ve a <strong>Retirar</strong>, elige tu cuenta bancaria e ingresa el monto y tu contraseña de pago. Los retiros se revisan y pagan en un plazo de 24 horas.</p>',
          EN: '<p>Go to <strong>Withdraw</strong>, choose your bank account and enter the amount and your payment password. Withdrawals are reviewed and paid within 24 hours.</p>',
        },
      },
      {
        title: { ES: 'Mi depósito no aparece', EN: 'My deposit does not show' },
        content: {
          ES: '<p>Espera 30 minutos y revisa <strong>Historial de cuenta</strong>. Si sigue sin aparecer, envía el comprobante por el chat de soporte con la fecha y el monto.</p>',
          EN: '<p>Wait 30 minutes and check your <strong>Account record</strong>. If it still does not show, send the receipt through support chat with the date and amount.</p>',
        },
      },
    ],
  },
  {
    title: { ES: 'Juegos', EN: 'Games' },
    articles: [
      {
        title: { ES: '¿Puedo probar los juegos gratis?', EN: 'Can I try the games for free?' },
        content: {
          ES: '<p>Sí: muchos slots ofrecen un modo de prueba sin registro. Para apostar dinero real necesitas una cuenta y saldo.</p>',
          EN: '<p>Yes: many slots offer a free demo without signing up. To bet real money you need an account and a balance.</p>',
        },
      },
      {
        title: { ES: 'Se cortó la conexión durante una partida', EN: 'I lost connection during a game' },
        content: {
          ES: '<p>La ronda se completa en el servidor del proveedor. Vuelve a abrir el juego para ver el resultado; tu saldo se actualiza en cuanto la ronda termina.</p>',
          EN: '<p>The round completes on the provider’s server. Open the game again to see the result; your balance updates as soon as the round ends.</p>',
        },
      },
    ],
  },
  {
    title: { ES: 'Juego responsable', EN: 'Responsible gaming' },
    articles: [
      {
        title: { ES: 'Límites de depósito', EN: 'Deposit limits' },
        content: {
          ES: '<p>Fija un límite diario, semanal o mensual desde tu cuenta. Bajar un límite aplica al instante; subirlo aplica tras un periodo de espera.</p>',
          EN: '<p>Set a daily, weekly or monthly limit from your account. Lowering a limit applies at once; raising it applies after a waiting period.</p>',
        },
      },
      {
        title: { ES: 'Pedir ayuda', EN: 'Getting help' },
        content: {
          ES: '<p>Si el juego deja de ser diversión, habla con nosotros por el chat o visita <a href="https://www.gamblingtherapy.org/es/">Gambling Therapy</a> para apoyo gratuito y confidencial.</p>',
          EN: '<p>If gaming stops being fun, talk to us on chat or visit <a href="https://www.gamblingtherapy.org/">Gambling Therapy</a> for free, confidential support.</p>',
        },
      },
    ],
  },
  {
    title: { ES: 'Términos', EN: 'Terms' },
    articles: [
      {
        terms: true,
        title: { ES: 'Términos y condiciones', EN: 'Terms and conditions' },
        content: {
          ES: '<h3>1. Aceptación</h3><p>Al registrarte aceptas estos términos. Debes ser mayor de 18 años.</p><h3>2. Tu cuenta</h3><p>Solo se permite una cuenta por persona. Eres responsable de mantener tu contraseña en secreto.</p><h3>3. Bonos</h3><p>Cada bono tiene su propio requisito de apuesta y vigencia, indicados en su promoción.</p><h3>4. Retiros</h3><p>Podemos pedir verificar tu identidad antes de pagar un retiro.</p>',
          EN: '<h3>1. Acceptance</h3><p>By signing up you accept these terms. You must be over 18.</p><h3>2. Your account</h3><p>One account per person. You are responsible for keeping your password secret.</p><h3>3. Bonuses</h3><p>Each bonus has its own wagering requirement and validity, stated in its promotion.</p><h3>4. Withdrawals</h3><p>We may ask to verify your identity before paying a withdrawal.</p>',
        },
      },
      {
        title: { ES: 'Política de privacidad', EN: 'Privacy policy' },
        content: {
          ES: '<p>Usamos tus datos solo para operar tu cuenta, procesar pagos y cumplir la ley. Nunca vendemos tus datos. Puedes pedir una copia o su eliminación por el chat de soporte.</p>',
          EN: '<p>We use your data only to run your account, process payments and comply with the law. We never sell your data. You can ask for a copy or its deletion through support chat.</p>',
        },
      },
    ],
  },
];

const LICENCE_ART: Artwork = { width: 900, height: 600, headline: 'LICENSED', subline: 'DEMO GAMING AUTHORITY · DEMO-2024-001', tag: 'VERIFIED', palette: NAVY, motif: 'seal' };
const LICENCE_TEXTS = {
  ES: '<p>Esta marca de demostración opera bajo la licencia <strong>DEMO-2024-001</strong> de la Autoridad de Juego de Demostración. Solo mayores de 18 años. Juega con responsabilidad.</p>',
  EN: '<p>This demo brand operates under licence <strong>DEMO-2024-001</strong> of the Demo Gaming Authority. Over 18s only. Play responsibly.</p>',
};

/**
 * The demo brand's content in Spanish and English, its player notices in every interface language, written once (a
 * second start, or a second process, writes nothing): banners for every group, player notices, popups of every
 * execution, promotions with artwork, the help centre with its terms, and the licence. The artwork is drawn and stored
 * first, then everything is written in one transaction with one `notices.changed` event.
 */
export async function seedDemoContent(deps: NoticesDeps): Promise<{ notices: number; articles: number } | undefined> {
  const { db, files } = deps;
  const [done] = await rows(db.orm, sql`SELECT 1 FROM notices.content_seeds WHERE name = ${SEED_NAME}`);
  if (done) return undefined;

  const withArt = [...PROMOTIONS, ...NOTICES].filter((notice) => notice.art);
  const [images, licenceImage] = await Promise.all([
    Promise.all(withArt.map(async (notice) => [notice.key, await storeImage(files, 'content', await renderArtwork(notice.art!), CONTENT_IMAGE_BOUNDS)] as const)),
    renderArtwork(LICENCE_ART, 'png').then((bytes) => storeImage(files, 'content', bytes, CONTENT_IMAGE_BOUNDS)),
  ]);
  const stored = [...images.map(([, image]) => image), licenceImage];
  const imageOf = new Map(images.map(([key, image]) => [key, image.key]));

  const seeded = await db.transaction(async (tx) => {
    const [claimed] = await rows(tx, sql`INSERT INTO notices.content_seeds (name) VALUES (${SEED_NAME}) ON CONFLICT (name) DO NOTHING RETURNING name`);
    if (!claimed) return undefined;
    for (const image of stored) {
      await tx.execute(sql`INSERT INTO notices.content_images (key, width, height, uploaded_by) VALUES (${image.key}, ${image.width}, ${image.height}, 'demo')`);
    }
    const now = new Date();
    const ids = new Map<string, string>();
    for (const [sort, notice] of [...PROMOTIONS, ...NOTICES].entries()) {
      const link = notice.link ?? ['NONE', ''];
      const target = typeof link[1] === 'string' ? link[1] : ids.get(link[1].promotion)!;
      const body = noticeBodySchema.parse({
        type: notice.type,
        texts: { ...notice.texts, ...DEMO_NOTICE_LANGUAGES[notice.key] },
        ...(notice.audiences ? { audiences: notice.audiences } : {}),
        execution: notice.execution ?? null,
        groupName: notice.groupName ?? null,
        imageKey: imageOf.get(notice.key) ?? null,
        linkageType: link[0],
        linkTarget: target,
        sort,
      });
      ids.set(notice.key, await insertNotice(tx, DEMO_BRAND, checkNotice(body, now), 'demo'));
    }
    let articles = 0;
    for (const [sort, category] of HELP.entries()) {
      const categoryId = await insertCategory(tx, DEMO_BRAND, helpCategoryBodySchema.parse({ texts: { ES: { title: category.title.ES }, EN: { title: category.title.EN } }, sort }));
      for (const [order, article] of category.articles.entries()) {
        const texts = { ES: { title: article.title.ES, content: article.content.ES }, EN: { title: article.title.EN, content: article.content.EN } };
        await insertArticle(tx, DEMO_BRAND, helpArticleBodySchema.parse({ categoryId, texts, sort: order, terms: article.terms ?? false }));
        articles++;
      }
    }
    await upsertLicence(tx, DEMO_BRAND, { imageKey: licenceImage.key, texts: LICENCE_TEXTS }, 'demo');
    await contentChanged(deps, tx, DEMO_BRAND);
    return { notices: ids.size, articles };
  });
  // Another process seeded first: its images are the ones in use.
  if (!seeded) await Promise.all(stored.map((image) => files.delete(image.key)));
  deps.wakeRelay();
  return seeded;
}
