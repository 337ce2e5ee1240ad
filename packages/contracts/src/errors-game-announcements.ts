import { def, type ErrorDefinition } from './error-definition.js';

/** Errors of the operator's game-announcement calls. */
export const GAME_ANNOUNCEMENT_ERRORS = {
  GAME_ANNOUNCEMENT_NOT_FOUND: def(404, 'Announcement not found', 'Anuncio no encontrado'),
  GAME_ANNOUNCEMENTS_FULL: def(409, 'This brand already has {max} announcements; remove one first', 'Esta marca ya tiene {max} anuncios; elimine uno primero'),
} as const satisfies Record<string, ErrorDefinition>;
