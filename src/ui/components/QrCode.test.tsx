/**
 * The QR code as the modal draws it decodes back to the exact pairing URI: the SVG path is
 * rasterised module by module and read with a QR decoder (jsQR), for URIs of every length a
 * pairing produces.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { runs } from '../../../tests/property/settings'
import { renderToStaticMarkup } from 'react-dom/server'
import jsQR from 'jsqr'
import { QrCode, qrEncoder } from './QrCode'

const SCALE = 4

/** Rasterise the component's markup: a white ground, a black square per `M x y h1v1h-1z`. */
function decode(markup: string): string | undefined {
  const size = Number(/viewBox="0 0 (\d+) \1"/.exec(markup)?.[1])
  const path = /<path class="qr-modules" d="([^"]*)"/.exec(markup)?.[1] ?? ''
  const width = size * SCALE
  const pixels = new Uint8ClampedArray(width * width * 4).fill(255)
  for (const [, x, y] of path.matchAll(/M(\d+) (\d+)h1v1h-1z/g)) {
    for (let dy = 0; dy < SCALE; dy++)
      for (let dx = 0; dx < SCALE; dx++) {
        const i = ((Number(y) * SCALE + dy) * width + Number(x) * SCALE + dx) * 4
        pixels[i] = pixels[i + 1] = pixels[i + 2] = 0
      }
  }
  return jsQR(pixels, width, width)?.data
}

const hex = (n: number) => fc.stringMatching(new RegExp(`^[0-9a-f]{${n}}$`))

describe('QrCode', () => {
  it('before its encoder is in, draws the blank box of the code, busy, labelled, without modules', () => {
    if (qrEncoder.current()) throw new Error('the encoder was in before the first test')
    const markup = renderToStaticMarkup(<QrCode value="wc:ab@2?x=1" label="QR code to connect Rainbow" />)
    expect(markup).toContain('class="qr"')
    expect(markup).toContain('aria-busy="true"')
    expect(markup).toContain('aria-label="QR code to connect Rainbow"')
    expect(markup).toContain('class="qr-background"')
    expect(markup).not.toContain('qr-modules')
  })

  describe('with its encoder in', () => {
    beforeAll(() => qrEncoder.load())
    it('rule: the drawn code decodes to the pairing URI it was given', () => {
      fc.assert(
        fc.property(hex(64), hex(64), fc.integer({ min: 1_700_000_000, max: 2_000_000_000 }), (topic, key, expiry) => {
          const uri = `wc:${topic}@2?expiryTimestamp=${expiry}&relay-protocol=irn&symKey=${key}`
          expect(decode(renderToStaticMarkup(<QrCode value={uri} label="QR" />))).toBe(uri)
        }),
        runs({ scale: 0.1 }),
      )
    })

    it('is an image with the label it is given, coloured by the theme class', () => {
      const markup = renderToStaticMarkup(<QrCode value="wc:ab@2?x=1" label="QR code to connect Rainbow" />)
      expect(markup).toContain('role="img"')
      expect(markup).toContain('aria-label="QR code to connect Rainbow"')
      expect(markup).toContain('class="qr-modules"')
    })
  })
})
