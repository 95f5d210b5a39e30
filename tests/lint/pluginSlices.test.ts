/**
 * No plugin reads another plugin's slice of the state (issue 26 §2): what several show — balances,
 * history, NFTs, identity — comes from the instance's account-data service (`accountData` in
 * airlock/plugin), so a plugin keeps working when the one that used to own the data is off (send
 * and swap read `root.tokens?.byAddress` and showed no balances without the tokens plugin). The
 * check reads each plugin's code (not its tests) for `state.<id>` / `root.<id>` of another
 * plugin's slice id.
 */
import { describe, expect, it } from 'vitest'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'

const root = join(__dirname, '..', '..')
const pluginsDir = join(root, 'src', 'plugins')
const plugins = readdirSync(pluginsDir).filter((name) => statSync(join(pluginsDir, name)).isDirectory())

function codeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return codeFiles(path)
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : []
  })
}

/** `plugin`'s reads of other plugins' slices in `source`: `state.tokens`, `root?.swap`, … */
export function foreignReads(plugin: string, source: string): string[] {
  const others = plugins.filter((id) => id !== plugin)
  const read = new RegExp(`\\b(?:state|root|s|draft)\\??\\.(${others.join('|')})\\b`, 'g')
  return [...source.matchAll(read)].map((match) => match[0])
}

describe('plugins share account data through the service, not through each other’s slices', () => {
  it('no plugin’s code reads another plugin’s slice', () => {
    expect(plugins).toEqual(expect.arrayContaining(['tokens', 'send', 'swap', 'onramp', 'activity', 'nfts', 'identity']))
    const found = plugins.flatMap((plugin) =>
      codeFiles(join(pluginsDir, plugin)).flatMap((file) => foreignReads(plugin, readFileSync(file, 'utf8')).map((read) => `${relative(root, file)}: ${read}`)),
    )
    expect(found).toEqual([])
  })

  it('bites: send reading the tokens plugin’s balances is found; its own slice is not', () => {
    expect(foreignReads('send', 'const read = root.tokens?.byAddress[caipAddress]')).toEqual(['root.tokens'])
    expect(foreignReads('swap', 'const held = state.tokens.byAddress')).toEqual(['state.tokens'])
    expect(foreignReads('send', 'const send = root.send ?? initialSendState')).toEqual([])
  })
})
