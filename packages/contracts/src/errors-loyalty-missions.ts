import { def, type ErrorDefinition } from './error-definition.js';

/** Errors of the points service's missions part. */
export const MISSIONS_ERRORS = {
  MISSION_NOT_FOUND: def(404, 'Mission not found', 'Misión no encontrada'),
  MISSION_CATEGORY_INVALID: def(400, 'Only bet and rounds missions can be limited to a game type', 'Solo las misiones de apuesta y de rondas pueden limitarse a un tipo de juego'),
  MISSION_TARGET_INVALID: def(400, 'The consecutive days must fit in the mission’s period', 'Los días consecutivos deben caber en el periodo de la misión'),
  MISSION_TIME_ZONE_INVALID: def(400, 'Unknown time zone', 'Zona horaria desconocida'),
  LEADERBOARD_PRIZES_INVALID: def(400, 'Each prize must be for a different rank within the leaderboard size', 'Cada premio debe ser para un puesto distinto dentro del tamaño de la clasificación'),
} satisfies Record<string, ErrorDefinition>;
