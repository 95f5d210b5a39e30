import type { Plugin } from 'esbuild'
import type { LibraryBuild } from '../../scripts/buildLibrary.mjs'

/** Builds the library as published into `outdir`; its outputs and the esbuild plugin resolving `airlock` and `airlock/<entry>` there. */
export function buildAirlockPackage(outdir: string): Promise<{ outputs: LibraryBuild['outputs']; plugin: Plugin }>
