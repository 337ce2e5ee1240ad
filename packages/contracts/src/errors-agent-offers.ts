import { def, type ErrorDefinition } from './error-definition.js';

/** Errors of the agent centre: contract offers and answers. */
export const AGENT_OFFER_ERRORS = {
  CONTRACT_KIND_DISABLED: def(403, 'This type of contract is not available', 'Este tipo de contrato no está disponible'),
  CONTRACT_NOT_FOUND: def(404, 'Contract not found', 'Contrato no encontrado'),
  /** The same answer for a member that does not exist and one that is not the caller's direct downline. */
  CONTRACT_NOT_DIRECT_DOWNLINE: def(403, 'Contracts can only be offered to your direct downline', 'Solo puede ofrecer contratos a su línea descendente directa'),
  CONTRACT_SELF: def(400, 'You cannot offer a contract to yourself', 'No puede ofrecerse un contrato a sí mismo'),
  CONTRACT_TARGET_NOT_AGENT: def(400, 'Contracts can only be offered to agents', 'Solo se pueden ofrecer contratos a agentes'),
  CONTRACT_TARGET_NOT_TOP_AGENT: def(400, 'The platform offers contracts to top agents only', 'La plataforma solo ofrece contratos a agentes principales'),
  CONTRACT_UPLINE_NONE: def(409, 'You have no contract of this type to offer from', 'No tiene un contrato de este tipo desde el cual ofrecer'),
  CONTRACT_OFFER_PENDING: def(409, 'An offer is already waiting for an answer', 'Ya hay una oferta esperando respuesta'),
  CONTRACT_NONE_ACTIVE: def(409, 'There is no active contract to terminate', 'No hay un contrato activo que rescindir'),
  CONTRACT_TIERS_INVALID: def(400, 'The tiers must follow the brand’s thresholds, in order ({detail})', 'Los niveles deben seguir los umbrales de la marca, en orden ({detail})'),
  CONTRACT_RATE_ABOVE_UPLINE: def(400, 'Tier {tier}: the rate cannot be higher than your own ({max} bp)', 'Nivel {tier}: la tasa no puede ser mayor que la suya ({max} pb)'),
  CONTRACT_NOT_PENDING: def(409, 'This offer has already been answered or withdrawn', 'Esta oferta ya fue respondida o retirada'),
  CONTRACT_OFFER_EXPIRED: def(409, 'This offer has expired', 'Esta oferta ha caducado'),
  CONTRACT_TERMS_INVALID: def(400, 'Invalid contract terms ({detail})', 'Condiciones de contrato inválidas ({detail})'),
} as const satisfies Record<string, ErrorDefinition>;
