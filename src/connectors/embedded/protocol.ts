/**
 * The frame protocol's codecs live in the events layer (src/events/shapes/frameProtocol.ts), where
 * the ports and plugins may name their types too; the frame (services/frame/app) imports them here.
 */
export * from '../../events/shapes/frameProtocol'
