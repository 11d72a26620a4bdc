// The better-auth client, loaded with the first call that needs it (sign-in's link, sign-out, account
// deletion), not with every page's start (ADR 0406).
export const loadAuthClient = () => import('./auth-client.ts')
