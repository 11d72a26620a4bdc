// Workspace review rules (ADR 0110): the presets, how an update changes the rules, and the checker.
// The rule ids and settings (zod) are in common/schemas/review-rules.ts.
export { checkSvg, checkTree } from './check.ts'
export { NO_RULES, PRESET_RULES, storedRules, updatedRules, withChanges } from './presets.ts'
