// The server's sync page budget (ADR 0308), for client tests that shrink it (client code never
// imports the server; its tests reach the server through tests/setup as test-app.ts does).
export { syncLimits } from '../../server/domain/sync/sync.ts'
