/** Where the API answers (the player, vendor and operator APIs, callbacks and files); every other path is the web client. */
export const API_PATH_PREFIXES = ['/wps/', '/lgw/', '/lotto/', '/api/', '/operator/', '/sandbox-pay/', '/internal/', '/files/'] as const;

export const isApiPath = (path: string): boolean => API_PATH_PREFIXES.some((prefix) => path.startsWith(prefix));
