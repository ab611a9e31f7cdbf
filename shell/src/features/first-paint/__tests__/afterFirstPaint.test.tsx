import { act, render, screen } from '@testing-library/react';
import {
  afterNextPaint,
  PAINT_TIMEOUT_MS,
  resetFirstPaintForTests,
  useAfterFirstPaint,
} from '../afterFirstPaint';

/** The frames the browser would run, run by the test instead. */
function holdFrames() {
  const frames: FrameRequestCallback[] = [];
  jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
    frames.push(callback);
    return frames.length;
  });
  jest.spyOn(window, 'cancelAnimationFrame').mockImplementation(() => {});
  return () => frames.splice(0).forEach((frame) => frame(performance.now()));
}

function Probe({ seen }: { seen: boolean[] }) {
  const painted = useAfterFirstPaint();
  seen.push(painted);
  return <p>{painted ? 'painted' : 'first frame'}</p>;
}

beforeEach(() => {
  jest.useFakeTimers();
  resetFirstPaintForTests();
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('afterNextPaint', () => {
  it('runs the work in a task after the next frame, not before it', () => {
    const paint = holdFrames();
    const work = jest.fn();
    afterNextPaint(work);
    jest.advanceTimersByTime(PAINT_TIMEOUT_MS - 1);
    expect(work).not.toHaveBeenCalled();
    paint();
    // The frame's callback runs before the frame is presented: the work waits one more task.
    expect(work).not.toHaveBeenCalled();
    jest.advanceTimersByTime(0);
    expect(work).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(PAINT_TIMEOUT_MS);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs the work PAINT_TIMEOUT_MS later when no frame comes (a hidden tab), once', () => {
    holdFrames();
    const work = jest.fn();
    afterNextPaint(work);
    jest.advanceTimersByTime(PAINT_TIMEOUT_MS);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('never runs cancelled work', () => {
    const paint = holdFrames();
    const work = jest.fn();
    afterNextPaint(work)();
    paint();
    jest.advanceTimersByTime(PAINT_TIMEOUT_MS);
    expect(work).not.toHaveBeenCalled();
  });
});

describe('useAfterFirstPaint', () => {
  it('is false on the first render and true once its frame is painted; true at once on a later mount', () => {
    const paint = holdFrames();
    const seen: boolean[] = [];
    const { unmount } = render(<Probe seen={seen} />);
    expect(screen.getByText('first frame')).toBeInTheDocument();
    act(() => {
      paint();
      jest.advanceTimersByTime(0);
    });
    expect(screen.getByText('painted')).toBeInTheDocument();
    expect(seen[0]).toBe(false);
    unmount();

    const later: boolean[] = [];
    render(<Probe seen={later} />);
    expect(later).toEqual([true]);
  });
});
