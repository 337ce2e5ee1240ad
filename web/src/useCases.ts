import type { UseCaseRoutes } from '@wps/contracts';
import { useCaseRoutes } from 'virtual:wps-use-case-routes';

/**
 * Every call of the API the client makes, by the name of its declaration in `@wps/contracts`: method, paths and
 * audience, with the fields typed by the declaration. The build writes the table from the declarations.
 */
export const useCases: UseCaseRoutes = useCaseRoutes;
