import { def, type ErrorDefinition } from './error-definition.js';

/** Errors of the notices service's content part: what the operator's content calls refuse. */
export const CONTENT_ERRORS = {
  NOTICE_NOT_FOUND: def(404, 'Notice not found', 'Aviso no encontrado'),
  NOTICE_TITLE_EMPTY: def(400, 'The title cannot be empty', 'El título no puede estar vacío'),
  NOTICE_WINDOW_INVALID: def(400, 'The end time must be after the start time and in the future', 'La hora de fin debe ser posterior a la hora de inicio y estar en el futuro'),
  BANNER_GROUP_INVALID: def(400, 'Unknown banner group; use w_login, w_reg, w_forget, w_home or w_leftmenu', 'Grupo de banner desconocido; use w_login, w_reg, w_forget, w_home o w_leftmenu'),
  NOTICE_EXECUTION_REQUIRED: def(400, 'A popup needs an execution: A, B or F', 'Una ventana emergente necesita una ejecución: A, B o F'),
  NOTICE_LINK_INVALID: def(400, 'The link target does not fit its linkage type', 'El destino del enlace no corresponde a su tipo de enlace'),
  NOTICE_URL_INVALID: def(400, 'Invalid URL: links must start with http:// or https://', 'URL inválida: los enlaces deben comenzar con http:// o https://'),
  CONTENT_IMAGE_NOT_FOUND: def(400, 'The image was not found; upload it first', 'La imagen no se encontró; súbala primero'),
  HELP_CATEGORY_NOT_FOUND: def(404, 'Help category not found', 'Categoría de ayuda no encontrada'),
  HELP_CATEGORY_NOT_EMPTY: def(409, 'The category still has articles; move or delete them first', 'La categoría todavía tiene artículos; muévalos o elimínelos primero'),
  HELP_ARTICLE_NOT_FOUND: def(404, 'Help article not found', 'Artículo de ayuda no encontrado'),
} as const satisfies Record<string, ErrorDefinition>;
