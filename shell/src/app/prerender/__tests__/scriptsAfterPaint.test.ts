import { scriptsAfterFirstPaint } from '../scriptsAfterPaint';

/** The built index.html's head as html-webpack-plugin minifies it, with the start-up preloads. */
const TEMPLATE =
  '<!doctype html><html lang=en><head><title>Duly</title><script defer src=/main.0123456789.js></script>' +
  '<link rel=preload as=script href=/react.aaaa.js><link rel="preload" as="script" href="/sign-in.bbbb.js">' +
  '</head><body><div id=root></div></body></html>';

/** The scripts and preloads the document's head asks for, in order. */
function asked(): string[] {
  return [...document.head.querySelectorAll('script[src], link[rel="preload"]')].map((element) =>
    element instanceof HTMLScriptElement
      ? `script ${element.getAttribute('src')}`
      : `preload ${element.getAttribute('href')}`,
  );
}

describe('a pre-rendered page asks for its JavaScript after its first paint', () => {
  let frames: FrameRequestCallback[];

  beforeEach(() => {
    jest.useFakeTimers();
    frames = [];
    jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      frames.push(callback);
      return frames.length;
    });
    document.head.innerHTML = '';
  });

  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('takes the entry script and the script preloads out of the page', () => {
    const { page } = scriptsAfterFirstPaint(TEMPLATE);
    expect(page).toBe(
      '<!doctype html><html lang=en><head><title>Duly</title></head><body><div id=root></div></body></html>',
    );
  });

  it('adds them back, preloads first, once the first frame is painted, and only once', () => {
    const { loader } = scriptsAfterFirstPaint(TEMPLATE);
    new Function(loader)();

    // Nothing before the first frame, nor inside it: the task after it adds them.
    expect(asked()).toEqual([]);
    expect(frames).toHaveLength(1);
    frames[0]!(performance.now());
    expect(asked()).toEqual([]);
    jest.runOnlyPendingTimers();

    expect(asked()).toEqual([
      'preload /react.aaaa.js',
      'preload /sign-in.bbbb.js',
      'script /main.0123456789.js',
    ]);
    const script = document.head.querySelector('script[src]') as HTMLScriptElement;
    // Executed in order, like the defer script it replaces.
    expect(script.async).toBe(false);
  });

  it('loads at once in a hidden tab, which paints no frame', () => {
    jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    new Function(scriptsAfterFirstPaint(TEMPLATE).loader)();

    expect(frames).toHaveLength(0);
    expect(asked()).toEqual([
      'preload /react.aaaa.js',
      'preload /sign-in.bbbb.js',
      'script /main.0123456789.js',
    ]);
  });

  it('refuses a template without an entry script: the page would never start', () => {
    expect(() => scriptsAfterFirstPaint('<html><head></head><body></body></html>')).toThrow(
      /no <script defer/,
    );
  });
});
