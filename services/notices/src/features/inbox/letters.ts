import type { InboxMessageKind, Language } from '@wps/contracts';

/**
 * The texts of system letters. A letter is stored with its kind and the facts it is about (`params`), and written in
 * the reader's language each time it is read; the Spanish text is stored beside them for the record.
 */

export type LetterParams = Record<string, string | number | null>;
export interface LetterText {
  title: string;
  content: string;
}
type Template = (params: LetterParams) => LetterText;

const CONTRACT_KINDS: Record<Language, Record<string, string>> = {
  ES: { dividend: 'dividendos', daily: 'salario diario', hourly: 'salario por hora', realtime: 'salario en tiempo real' },
  EN: { dividend: 'dividend', daily: 'daily salary', hourly: 'hourly salary', realtime: 'real-time salary' },
};
const PLATFORM: Record<Language, string> = { ES: 'La plataforma', EN: 'The platform' };
const NO_LIMIT: Record<Language, string> = { ES: 'sin límite', EN: 'no limit' };

const text = (value: string | number | null | undefined): string => (value === null || value === undefined ? '' : String(value));
const money = (params: LetterParams, field = 'amount'): string => `${text(params[field])} ${text(params.currency)}`.trim();
const contractKind = (language: Language, params: LetterParams): string => CONTRACT_KINDS[language][text(params.contractKind)] ?? text(params.contractKind);
const day = (iso: string | number | null | undefined): string => text(iso).slice(0, 10);
const limit = (language: Language, value: string | number | null | undefined): string => (value === null || value === undefined ? NO_LIMIT[language] : String(value));

const TEMPLATES: Partial<Record<InboxMessageKind, Record<Language, Template>>> = {
  welcome: {
    ES: (p) => ({
      title: 'Bienvenido',
      content:
        `¡Hola, ${text(p.account)}! Gracias por registrarte. Tu cuenta ya está lista: explora los juegos, revisa las promociones ` +
        'vigentes y, si necesitas ayuda, escríbenos a través del servicio al cliente. ¡Mucha suerte!',
    }),
    EN: (p) => ({
      title: 'Welcome',
      content:
        `Hi, ${text(p.account)}! Thank you for signing up. Your account is ready: explore the games, have a look at the current ` +
        'promotions and, if you need help, write to us through customer service. Good luck!',
    }),
  },
  deposit_approved: {
    ES: (p) => ({ title: 'Depósito acreditado', content: `Tu depósito de ${money(p)} fue aprobado y ya está en tu saldo.` }),
    EN: (p) => ({ title: 'Deposit approved', content: `Your deposit of ${money(p)} was approved and is now in your balance.` }),
  },
  withdrawal_paid: {
    ES: (p) => ({ title: 'Retiro pagado', content: `Tu retiro de ${money(p)} fue pagado. Cuando lo recibas, confírmalo en tu historial de retiros.` }),
    EN: (p) => ({ title: 'Withdrawal paid', content: `Your withdrawal of ${money(p)} was paid. Once you receive it, confirm it in your withdrawal history.` }),
  },
  withdrawal_rejected: {
    ES: (p) => ({ title: 'Retiro rechazado', content: `Tu retiro de ${money(p)} fue rechazado y el monto volvió a tu saldo. El motivo está en tu historial de retiros.` }),
    EN: (p) => ({ title: 'Withdrawal rejected', content: `Your withdrawal of ${money(p)} was rejected and the amount is back in your balance. The reason is in your withdrawal history.` }),
  },
  deposit_limits: {
    ES: (p) => ({
      title: 'Límites de depósito actualizados',
      content:
        `Tus límites de depósito (${text(p.currency)}) ahora son: diario ${limit('ES', p.daily)}, semanal ${limit('ES', p.weekly)}, mensual ${limit('ES', p.monthly)}.` +
        (p.pendingAt ? ` Los aumentos que pediste se aplicarán el ${day(p.pendingAt)} a las ${text(p.pendingAt).slice(11, 16)} (UTC).` : ''),
    }),
    EN: (p) => ({
      title: 'Deposit limits updated',
      content:
        `Your deposit limits (${text(p.currency)}) are now: daily ${limit('EN', p.daily)}, weekly ${limit('EN', p.weekly)}, monthly ${limit('EN', p.monthly)}.` +
        (p.pendingAt ? ` The increases you asked for apply on ${day(p.pendingAt)} at ${text(p.pendingAt).slice(11, 16)} (UTC).` : ''),
    }),
  },
  contract_offer: {
    ES: (p) => ({
      title: 'Nueva oferta de contrato',
      content: `${text(p.by) || PLATFORM.ES} te ofreció un contrato de ${contractKind('ES', p)}. Revísalo y respóndelo en el centro de agentes.`,
    }),
    EN: (p) => ({ title: 'New contract offer', content: `${text(p.by) || PLATFORM.EN} offered you a ${contractKind('EN', p)} contract. Review and answer it in the agent centre.` }),
  },
  contract_termination_offer: {
    ES: (p) => ({
      title: 'Propuesta de terminación de contrato',
      content: `${text(p.by) || PLATFORM.ES} propone terminar tu contrato de ${contractKind('ES', p)}. Respóndelo en el centro de agentes.`,
    }),
    EN: (p) => ({ title: 'Contract termination proposed', content: `${text(p.by) || PLATFORM.EN} proposes to end your ${contractKind('EN', p)} contract. Answer it in the agent centre.` }),
  },
  contract_accepted: {
    ES: (p) => ({
      title: 'Oferta aceptada',
      content: p.action === 'terminate' ? `${text(p.agent)} aceptó terminar su contrato de ${contractKind('ES', p)}.` : `${text(p.agent)} aceptó tu oferta de contrato de ${contractKind('ES', p)}.`,
    }),
    EN: (p) => ({
      title: 'Offer accepted',
      content: p.action === 'terminate' ? `${text(p.agent)} accepted ending their ${contractKind('EN', p)} contract.` : `${text(p.agent)} accepted your ${contractKind('EN', p)} contract offer.`,
    }),
  },
  contract_rejected: {
    ES: (p) => ({
      title: 'Oferta rechazada',
      content: p.action === 'terminate' ? `${text(p.agent)} rechazó terminar su contrato de ${contractKind('ES', p)}.` : `${text(p.agent)} rechazó tu oferta de contrato de ${contractKind('ES', p)}.`,
    }),
    EN: (p) => ({
      title: 'Offer rejected',
      content: p.action === 'terminate' ? `${text(p.agent)} declined ending their ${contractKind('EN', p)} contract.` : `${text(p.agent)} rejected your ${contractKind('EN', p)} contract offer.`,
    }),
  },
  contract_withdrawn: {
    ES: (p) => ({ title: 'Oferta retirada', content: `${text(p.by) || PLATFORM.ES} retiró su oferta de contrato de ${contractKind('ES', p)}.` }),
    EN: (p) => ({ title: 'Offer withdrawn', content: `${text(p.by) || PLATFORM.EN} withdrew their ${contractKind('EN', p)} contract offer.` }),
  },
  contract_expired: {
    ES: (p) => ({ title: 'Oferta vencida', content: `La oferta de contrato de ${contractKind('ES', p)} venció sin respuesta.` }),
    EN: (p) => ({ title: 'Offer expired', content: `The ${contractKind('EN', p)} contract offer expired without an answer.` }),
  },
  contract_ended: {
    ES: (p) => ({ title: 'Contrato terminado', content: `Tu contrato de ${contractKind('ES', p)} terminó. Consulta tus contratos en el centro de agentes.` }),
    EN: (p) => ({ title: 'Contract ended', content: `Your ${contractKind('EN', p)} contract has ended. See your contracts in the agent centre.` }),
  },
  contract_payout: {
    ES: (p) => ({
      title: 'Pago de contrato',
      content:
        `Recibiste ${money(p, 'paid')} por tu contrato de ${contractKind('ES', p)} del periodo ${day(p.periodStart)} – ${day(p.periodEnd)}.` +
        (p.debt && p.debt !== '0' && Number(p.debt) !== 0 ? ` Quedan ${money(p, 'debt')} pendientes de pago.` : ''),
    }),
    EN: (p) => ({
      title: 'Contract payout',
      content:
        `You received ${money(p, 'paid')} for your ${contractKind('EN', p)} contract, period ${day(p.periodStart)} – ${day(p.periodEnd)}.` +
        (p.debt && p.debt !== '0' && Number(p.debt) !== 0 ? ` ${money(p, 'debt')} is still owed to you.` : ''),
    }),
  },
  feedback_reply: {
    ES: (p) => ({ title: 'Respuesta a tu mensaje', content: `Respondimos a tu mensaje de sugerencias y quejas n.º ${text(p.feedbackId)}. Léelo en Centro de miembros › Sugerencias y quejas.` }),
    EN: (p) => ({ title: 'Reply to your feedback', content: `We replied to your feedback no. ${text(p.feedbackId)}. Read it in Member centre › Feedback.` }),
  },
  vip_upgrade: {
    ES: (p) => ({
      title: `¡Subiste a ${text(p.labelName)}!`,
      content: `Felicidades: alcanzaste el nivel VIP ${text(p.level)} (${text(p.labelName)}). Tus nuevos beneficios y bonos te esperan en la página VIP y en el centro de recompensas.`,
    }),
    EN: (p) => ({
      title: `You reached ${text(p.labelName)}!`,
      content: `Congratulations: you reached VIP level ${text(p.level)} (${text(p.labelName)}). Your new benefits and bonuses are waiting on the VIP page and in the reward centre.`,
    }),
  },
};

/** A system letter in `language`; undefined for kinds written by people (letters, broadcasts), which keep their own text. */
export function renderLetter(kind: string, params: LetterParams, language: Language): LetterText | undefined {
  return TEMPLATES[kind as InboxMessageKind]?.[language](params);
}
