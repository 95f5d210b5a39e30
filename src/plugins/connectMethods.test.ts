/**
 * A built-in plugin's manifest declares the Connect entries its module gives (issue 27 §1: Connect
 * holds their boxes from its first frame, before the module is in), the same ones: an entry the
 * manifest left out would still appear late and push Connect, one it kept after the module dropped
 * it would hold a box nothing fills.
 */
import { describe, expect, it } from 'vitest'
import { builtinPlugins } from './builtin'

describe("the built-in manifests' Connect entries", () => {
  for (const manifest of builtinPlugins) {
    it(`${manifest.id}: the manifest declares exactly the Connect entries its module gives`, async () => {
      const { default: module } = await manifest.load()
      expect(manifest.connectMethods ?? []).toEqual(module.connectMethods ?? [])
    })
  }

  it('email and socials declare theirs, each with a height', () => {
    const declared = builtinPlugins.flatMap((m) => (m.connectMethods ?? []).map((entry) => [m.id, entry.group, entry.height]))
    expect(declared).toEqual([
      ['email', 'email', '64px'],
      ['socials', 'social', '226px'],
    ])
  })
})
