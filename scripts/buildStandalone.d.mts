export const STANDALONE_ENTRY: Record<string, string>
/** One file of the standalone build (paths relative to its outdir; inputs relative to the project). */
export interface StandaloneOutput {
  readonly bytes: number
  /** The source files bundled into it (ours and the packages'). */
  readonly inputs: Record<string, object>
  readonly imports: { readonly path: string; readonly kind: 'import-statement' | 'dynamic-import' }[]
}
/** Build `airlock/standalone` (every dependency bundled, React included) into `outdir`. */
export function buildStandalone(options: { outdir: string; write?: boolean }): Promise<{ outputs: Record<string, StandaloneOutput> }>
/** The bundle in `outdir`, copied from a build of the same inputs kept in `cacheDir`, else built and kept there. */
export function buildStandaloneCached(options: { outdir: string; cacheDir: string }): Promise<{ outputs: Record<string, StandaloneOutput> }>
