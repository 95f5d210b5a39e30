// How the account section writes its figures: one decimal, median (min–max), integers, thousands.
import { median, sorted } from '../shared.mjs'

export const fmt = (n) => n.toFixed(1)
export const stat = (xs) => `${fmt(median(xs))} (${fmt(sorted(xs)[0])}–${fmt(sorted(xs).at(-1))})`
export const statInt = (xs) => `${median(xs)} (${sorted(xs)[0]}–${sorted(xs).at(-1)})`
export const num = (n) => n.toLocaleString('en-US')
