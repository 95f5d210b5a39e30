/** What `npm pack --json` reports of one tarball. */
export interface PackedReport {
  readonly filename: string
  readonly size: number
  readonly unpackedSize: number
  readonly files: readonly { readonly path: string; readonly size: number }[]
}
/** Where the stages are kept (.cache/pack), one per key. */
export const PACK_CACHE: string
/** What a stage is made of besides src/. */
export const STAGE_INPUTS: readonly string[]
/** The built folders a stage holds (dist/lib, dist/standalone, dist/types). */
export const STAGE_DIST: readonly string[]
/** The hash of what a stage is made of. */
export function stageKey(): string
/** The environment for a child `npm`: ours without the `npm_*` variables. */
export function childEnv(): NodeJS.ProcessEnv
/** `npm pack` of a built stage into `stage/out`; the tarball's report. */
export function packStage(stage: string, timeout?: number): PackedReport
/** Keep a built and packed stage under `key` in .cache/pack for the next caller. */
export function keepStage(stage: string, key: string, packed: PackedReport): void
/** Keep the build in `dist` (just made from the inputs of `key`) as the stage of `key`; what it did. */
export function seedStage(key: string, dist?: string): string
