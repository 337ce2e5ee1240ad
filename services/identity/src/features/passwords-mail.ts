const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

const WORDS = {
  EN: {
    subject: (brand: string) => `${brand}: reset your password`,
    lines: (account: string, minutes: number) => [
      `Someone asked to reset the password of the account ${account}.`,
      `Open this link within ${minutes} minutes to choose a new password. It works once.`,
      'If it was not you, ignore this message: your password stays as it is.',
    ],
    action: 'Choose a new password',
  },
  ES: {
    subject: (brand: string) => `${brand}: restablezca su contraseña`,
    lines: (account: string, minutes: number) => [
      `Alguien pidió restablecer la contraseña de la cuenta ${account}.`,
      `Abra este enlace en los próximos ${minutes} minutos para elegir una contraseña nueva. Funciona una sola vez.`,
      'Si no fue usted, ignore este mensaje: su contraseña no cambia.',
    ],
    action: 'Elegir una contraseña nueva',
  },
} as const;

/** The reset e-mail in the member's language, as plain text with the link on its own line, and as simple HTML. */
export function passwordResetMail(input: { language: 'EN' | 'ES'; brand: string; account: string; link: string; minutes: number }): { subject: string; text: string; html: string } {
  const words = WORDS[input.language];
  const lines = words.lines(input.account, input.minutes);
  const text = [lines[0], lines[1], '', input.link, '', lines[2]].join('\n');
  const html = [
    `<p>${escapeHtml(lines[0]!)}</p>`,
    `<p>${escapeHtml(lines[1]!)}</p>`,
    `<p><a href="${escapeHtml(input.link)}">${escapeHtml(words.action)}</a></p>`,
    `<p>${escapeHtml(lines[2]!)}</p>`,
  ].join('\n');
  return { subject: words.subject(input.brand), text, html };
}
