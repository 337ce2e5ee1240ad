/// <reference types="vite/client" />

declare module 'virtual:wps-use-case-routes' {
  /** Written at build from the declarations (web/build/use-case-routes.ts). */
  export const useCaseRoutes: import('@wps/contracts').UseCaseRoutes;
}
