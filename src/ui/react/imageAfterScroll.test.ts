/**
 * imageAfterScroll: a row's image waits while its list scrolls unless it was shown before, and the
 * URLs it remembers are bounded (the most recent SHOWN_LIMIT), so a long list does not grow them.
 */
import { describe, expect, it } from 'vitest'
import { SHOWN_LIMIT, imageAfterScroll, rememberedImageCount } from './imageAfterScroll'

describe('imageAfterScroll', () => {
  it('no URL stays none, scrolling or not', () => {
    expect(imageAfterScroll(undefined, false)).toBeUndefined()
    expect(imageAfterScroll(null, true)).toBeUndefined()
    expect(imageAfterScroll('', false)).toBeUndefined()
  })

  it('a new image waits while the list scrolls and shows once it settles; one shown before shows while scrolling', () => {
    const url = 'https://icons.test/new.svg'
    expect(imageAfterScroll(url, true)).toBeUndefined()
    expect(imageAfterScroll(url, true)).toBeUndefined()
    expect(imageAfterScroll(url, false)).toBe(url)
    expect(imageAfterScroll(url, true)).toBe(url)
  })

  it(`remembers at most ${SHOWN_LIMIT} URLs, the least recently shown forgotten first`, () => {
    const first = 'https://icons.test/first.svg'
    imageAfterScroll(first, false)
    for (let i = 0; i < SHOWN_LIMIT * 3; i++) imageAfterScroll(`https://icons.test/${i}.svg`, false)
    expect(rememberedImageCount()).toBe(SHOWN_LIMIT)
    expect(imageAfterScroll(first, true)).toBeUndefined()
    // The most recent are still shown while scrolling; showing one again keeps it among them.
    const recent = `https://icons.test/${SHOWN_LIMIT * 3 - 1}.svg`
    expect(imageAfterScroll(recent, true)).toBe(recent)
    const oldest = `https://icons.test/${SHOWN_LIMIT * 2}.svg`
    expect(imageAfterScroll(oldest, true)).toBe(oldest)
    imageAfterScroll('https://icons.test/one-more.svg', false)
    expect(imageAfterScroll(oldest, true)).toBe(oldest)
    expect(imageAfterScroll(`https://icons.test/${SHOWN_LIMIT * 2 + 1}.svg`, true)).toBeUndefined()
  })
})
