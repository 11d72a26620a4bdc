// How the embedded database is sized (ADR 0304; figures: bench/README.md, "Server memory").
import { setFlagsFromString } from 'node:v8'

/**
 * Postgres settings of the embedded database. Its shared buffers live in PGlite's WebAssembly
 * memory and are touched at start: initdb's 128 MB cost ~85 MB resident while idle. Reads past
 * them come from the operating system's page cache.
 */
export const PGLITE_SETTINGS = ['shared_buffers=16MB']

/**
 * Keeps pglite.wasm on V8's baseline compiler (Liftoff). Its optimising recompilation of the
 * functions that get hot (a few seconds after start, again under load) took ~460 MB of compiler
 * memory for a few seconds (peaks of 0.75–1 GB resident), and queries measured no slower without it
 * on this machine. No function has this index, so none is recompiled; flags are process-wide and
 * read when a module compiles, so this runs before PGlite.create.
 */
export function keepWasmOnBaselineCompiler(): void {
  setFlagsFromString('--wasm-tier-up-filter=2147483647')
}
