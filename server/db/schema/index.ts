export * from './auth.ts'
export * from './billing.ts'
export * from './vault.ts'
export * from './workspaces.ts'
