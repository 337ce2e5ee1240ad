import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { rows, type Executor, type FileStore } from '@wps/platform';
import type { FeedbackType, MemberRegistered } from '@wps/contracts';
import { normaliseImage } from '../../infra/images.js';
import { FEEDBACK_FILE_AREA, FEEDBACK_IMAGE_BOUNDS } from './submissions.js';

/** The demo player's feedback on a fresh install: a suggestion the operator answered, and a deposit complaint waiting. */
const DEMO_ACCOUNT = 'demoplayer';
const DEMO_MERCHANT = 'DEMO';
export const isDemoPlayer = (member: Pick<MemberRegistered, 'merchantCode' | 'account'>): boolean => member.account === DEMO_ACCOUNT && member.merchantCode === DEMO_MERCHANT;
const DEMO_OPERATOR = 'Soporte Laura';
const HOUR_MS = 3_600_000;

interface DemoSubmission {
  origin: string;
  type: FeedbackType;
  content: string;
  hoursAgo: number;
  reply?: { text: string; hoursAgo: number };
  receipt?: boolean;
}

const DEMO_SUBMISSIONS: readonly DemoSubmission[] = [
  {
    origin: 'suggestion',
    type: 'suggestion',
    content:
      'Me encantaría que abrieran más mesas de ruleta en vivo por la noche. Entre las 22:00 y la medianoche casi todas ' + 'están llenas y tengo que esperar bastante para poder entrar a jugar.',
    hoursAgo: 6 * 24,
    reply: {
      text: '¡Hola! Gracias por tu sugerencia. La compartimos con el equipo de juegos en vivo y este mes abriremos dos mesas ' + 'de ruleta más en horario nocturno. ¡Que disfrutes el juego!',
      hoursAgo: 5 * 24 + 20,
    },
  },
  {
    origin: 'deposit',
    type: 'deposit',
    content: 'Hice una transferencia bancaria de $500 el martes por la tarde y todavía no se refleja en mi saldo. Adjunto el ' + 'comprobante de la transferencia para que puedan revisarlo.',
    hoursAgo: 20,
    receipt: true,
  },
];

/** A bank transfer receipt, drawn for the demo complaint. */
function receiptSvg(account: string): string {
  const line = (y: number, label: string, value: string) =>
    `<text x="40" y="${y}" font-size="22" fill="#5b6178">${label}</text><text x="560" y="${y}" font-size="22" fill="#1d2140" text-anchor="end">${value}</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="420" font-family="DejaVu Sans, sans-serif">
  <rect width="600" height="420" fill="#ffffff"/>
  <rect width="600" height="90" fill="#1f3a8a"/>
  <text x="40" y="56" font-size="28" font-weight="bold" fill="#ffffff">Comprobante de transferencia</text>
  ${line(150, 'Banco emisor', 'Banco Demo')}
  ${line(195, 'Beneficiario', 'Demo Casino')}
  ${line(240, 'Referencia', `DEP-${account.toUpperCase()}`)}
  ${line(285, 'Estado', 'Completada')}
  <line x1="40" y1="320" x2="560" y2="320" stroke="#d5d8e6" stroke-width="2"/>
  <text x="40" y="370" font-size="26" font-weight="bold" fill="#1d2140">Importe</text>
  <text x="560" y="370" font-size="30" font-weight="bold" fill="#15803d" text-anchor="end">$500.00 MXN</text>
</svg>`;
}

/**
 * Seeds the demo player's submissions once each (their origin keys keep them to one). The receipt image is kept under
 * a key of its own per member, so seeding again writes the same file.
 */
export async function seedDemoFeedback(tx: Executor, files: FileStore, member: Pick<MemberRegistered, 'memberId' | 'merchantCode' | 'account'>): Promise<void> {
  const now = Date.now();
  const at = (hoursAgo: number) => new Date(now - hoursAgo * HOUR_MS).toISOString();
  for (const submission of DEMO_SUBMISSIONS) {
    const updated = submission.reply ? submission.reply.hoursAgo : submission.hoursAgo;
    const [created] = await rows<{ id: string }>(
      tx,
      sql`INSERT INTO notices.feedback (merchant_code, member_id, account, type, content, status, origin, created_at, updated_at)
          VALUES (${member.merchantCode}, ${member.memberId}, ${member.account}, ${submission.type}, ${submission.content},
                  ${submission.reply ? 'replied' : 'open'}, ${`demo:${member.memberId}:${submission.origin}`}, ${at(submission.hoursAgo)}, ${at(updated)})
          ON CONFLICT (origin) DO NOTHING
          RETURNING id::text AS id`,
    );
    if (!created) continue;
    if (submission.reply) {
      await tx.execute(
        sql`INSERT INTO notices.feedback_replies (feedback_id, sender, operator_name, text, created_at)
            VALUES (${created.id}, 'operator', ${DEMO_OPERATOR}, ${submission.reply.text}, ${at(submission.reply.hoursAgo)})`,
      );
    }
    if (submission.receipt) {
      const image = await normaliseImage(
        await sharp(Buffer.from(receiptSvg(member.account)))
          .png()
          .toBuffer(),
        FEEDBACK_IMAGE_BOUNDS,
      );
      const key = `${FEEDBACK_FILE_AREA}/demo-receipt-${member.memberId}.${image.extension}`;
      await files.put(key, image.bytes);
      await tx.execute(
        sql`INSERT INTO notices.feedback_images (feedback_id, position, file_key, width, height)
            VALUES (${created.id}, 1, ${key}, ${image.width}, ${image.height})
            ON CONFLICT (file_key) DO NOTHING`,
      );
    }
  }
}
