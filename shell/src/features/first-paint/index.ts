// What waits for the app's first painted frame: requests no part of the first paint needs
// (issue 32).
export {
  afterNextPaint,
  useAfterFirstPaint,
  PAINT_TIMEOUT_MS,
  resetFirstPaintForTests,
} from './afterFirstPaint';
