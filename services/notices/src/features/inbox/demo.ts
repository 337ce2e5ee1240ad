import type { MemberRegistered } from '@wps/contracts';
import type { Database, Outbox } from '@wps/platform';
import { insertBroadcast, type BroadcastInput } from './broadcasts.js';
import type { SystemLetter } from './system-letters.js';

/**
 * The demo brand's inbox on a fresh install: two broadcasts (to everyone, and to the agents) and a few system letters
 * for the demo player and the demo agent, so their inboxes and badges show something at once. Seeded by origin keys,
 * so a restart or a redelivered registration adds nothing.
 */

const DEMO_BRAND = 'DEMO';
const DEMO_OPERATOR = 'demo';

const BROADCASTS: ReadonlyArray<{ origin: string; input: Omit<BroadcastInput, 'merchantCode' | 'operator'> }> = [
  {
    origin: 'demo:broadcast:weekend',
    input: {
      segment: { type: 'brand' },
      title: { ES: 'Torneo de tragamonedas este fin de semana', EN: 'Slots tournament this weekend' },
      content: {
        ES: 'Del viernes al domingo, cada apuesta en tragamonedas suma puntos para el torneo.\nLos 20 mejores se reparten $50,000 MXN en premios. ¡Mucha suerte!',
        EN: 'From Friday to Sunday every slots bet earns tournament points.\nThe top 20 players share $50,000 MXN in prizes. Good luck!',
      },
    },
  },
  {
    origin: 'demo:broadcast:agents',
    input: {
      segment: { type: 'agents' },
      title: { ES: 'Nuevo reporte de equipo para agentes', EN: 'New team report for agents' },
      content: {
        ES: 'El centro de agentes ya muestra las ganancias de tu equipo por hora. Revisa el resumen del equipo para verlas.',
        EN: 'The agent centre now shows your team’s figures hour by hour. Open the team overview to see them.',
      },
    },
  },
];

export async function seedDemoBroadcasts(db: Database, outbox: Outbox): Promise<number> {
  let created = 0;
  for (const broadcast of BROADCASTS) {
    const row = await db.transaction((tx) => insertBroadcast(tx, { outbox }, { ...broadcast.input, merchantCode: DEMO_BRAND, operator: DEMO_OPERATOR }, broadcast.origin));
    if (row) created++;
  }
  return created;
}

/** The demo player's and the demo agent's first system letters. */
export function demoLetters(member: MemberRegistered): SystemLetter[] {
  if (member.merchantCode !== DEMO_BRAND) return [];
  const letter = (n: number, kind: SystemLetter['kind'], params: SystemLetter['params']): SystemLetter => ({
    memberId: member.memberId,
    merchantCode: member.merchantCode,
    kind,
    params,
    origin: `demo:${member.memberId}:${n}`,
  });
  if (member.account === 'demoplayer') {
    return [
      letter(1, 'deposit_approved', { amount: '500.00', currency: 'MXN' }),
      letter(2, 'withdrawal_rejected', { amount: '200.00', currency: 'MXN' }),
      letter(3, 'deposit_limits', { currency: 'MXN', daily: '2000.00', weekly: null, monthly: '20000.00', pendingAt: null }),
    ];
  }
  if (member.account === 'demoagent') {
    return [letter(1, 'deposit_approved', { amount: '1000.00', currency: 'MXN' })];
  }
  return [];
}
