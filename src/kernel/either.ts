/**
 * `isRight` and `isLeft` for the Either values io-ts decoders return. Our own two lines instead of
 * `fp-ts/Either`: that deep import has no ESM entry Node can resolve (fp-ts ships no exports map),
 * so importing the built library in Node for server rendering would fail on it. The types' import
 * names the file (`.js`): a site's compiler with `moduleResolution: "nodenext"` resolves it so.
 */
import type { Either, Left, Right } from 'fp-ts/lib/Either.js'

export const isRight = <E, A>(value: Either<E, A>): value is Right<A> => value._tag === 'Right'
export const isLeft = <E, A>(value: Either<E, A>): value is Left<E> => value._tag === 'Left'
