import { LOAD_TIMEOUT_MS, whenIdle } from '../whenIdle';

describe('whenIdle', () => {
  let state: jest.SpyInstance;
  beforeEach(() => {
    jest.useFakeTimers();
    state = jest.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
  });
  afterEach(() => {
    state.mockRestore();
    jest.useRealTimers();
  });

  it('runs after the load event, not before', () => {
    const work = jest.fn();
    whenIdle(work);
    jest.advanceTimersByTime(LOAD_TIMEOUT_MS - 1);
    expect(work).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('load'));
    jest.runOnlyPendingTimers();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs anyway when the load event never comes (a hung download)', () => {
    const work = jest.fn();
    whenIdle(work);
    jest.advanceTimersByTime(LOAD_TIMEOUT_MS);
    jest.runOnlyPendingTimers();
    expect(work).toHaveBeenCalledTimes(1);
    // Not twice when the load event comes after all.
    window.dispatchEvent(new Event('load'));
    jest.runOnlyPendingTimers();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs nothing once cancelled', () => {
    const work = jest.fn();
    const cancel = whenIdle(work);
    cancel();
    window.dispatchEvent(new Event('load'));
    jest.advanceTimersByTime(LOAD_TIMEOUT_MS * 2);
    expect(work).not.toHaveBeenCalled();
  });
});
