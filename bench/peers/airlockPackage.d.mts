import type { BuildOptions, Plugin } from 'esbuild'
import type { LibraryBuild } from '../../scripts/buildLibrary.mjs'

/** Builds the library as published into `outdir`; its outputs and the esbuild plugin resolving `airlock` and `airlock/<entry>` there. */
export function buildAirlockPackage(outdir: string, options?: { readonly sourcemap?: boolean }): Promise<{ outputs: LibraryBuild['outputs']; plugin: Plugin }>

/** The peer pages' esbuild settings (bench/peers/run.mjs's for every page), less its directory, outdir and plugins. */
export const PEER_PAGE_BUILD: Readonly<BuildOptions> & { readonly metafile: true }
