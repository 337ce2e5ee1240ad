/**
 * The letter every new member finds in the inbox. Spanish is the platform's default language; per-brand and
 * per-language texts come with the notices back office.
 */
export function welcomeMessage(account: string): { title: string; content: string } {
  return {
    title: 'Bienvenido',
    content:
      `¡Hola, ${account}! Gracias por registrarte. Tu cuenta ya está lista: explora los juegos, revisa las promociones ` +
      'vigentes y, si necesitas ayuda, escríbenos a través del servicio al cliente. ¡Mucha suerte!',
  };
}
