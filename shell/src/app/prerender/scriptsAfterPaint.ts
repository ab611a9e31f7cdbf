/**
 * A pre-rendered page asks for its JavaScript once its first frame is painted, not from the
 * HTML's <head>. The page is whole without it (the form works, a submit is held until the app
 * runs, earlyScript.ts), so the scripts are not needed to show it, only to take it over.
 *
 * Why not the index.html's `<script defer>` and `<link rel="preload">`: on a slow link those
 * nine downloads start before the page is painted and share its bandwidth, and Lighthouse's
 * simulation (Lantern) counts every request that ended before the observed first paint as one
 * the paint waited for: /login's simulated LCP was 2.1 s against 0.7 s for its HTML alone
 * (bench:web, 28 Nov 2026; docs/prerendered-pages.md).
 *
 * The loader adds the same preload links and the entry script, so the files, their order and
 * the app's start are as before, one frame later. A task queued from the first frame's
 * `requestAnimationFrame` runs after that frame is presented; a hidden tab (no frames) loads
 * at once.
 */

/** The script and preload tags of the built index.html (html-webpack-plugin may drop quotes). */
const ENTRY_SCRIPT = /<script defer(?:="defer")? src="?([^"\s>]+)"?><\/script>/g;
const SCRIPT_PRELOAD = /<link rel="?preload"? as="?script"? href="?([^"\s>]+)"?>/g;

export interface DeferredScripts {
  /** The page without its entry scripts and script preloads. */
  page: string;
  /** The inline loader that adds them after the first paint (plain ES5, for a <script>). */
  loader: string;
}

/** Takes `page`'s scripts out and writes the loader that adds them back after the first paint. */
export function scriptsAfterFirstPaint(page: string): DeferredScripts {
  const entries = [...page.matchAll(ENTRY_SCRIPT)].map((match) => match[1]);
  const preloads = [...page.matchAll(SCRIPT_PRELOAD)].map((match) => match[1]);
  if (entries.length === 0) {
    throw new Error('The page template has no <script defer src=…> to load after the first paint');
  }
  const stripped = page.replace(ENTRY_SCRIPT, '').replace(SCRIPT_PRELOAD, '');
  const loader = `(function (doc, win) {
  var preloads = ${JSON.stringify(preloads)};
  var entries = ${JSON.stringify(entries)};
  var started = false;
  function load() {
    if (started) return;
    started = true;
    for (var i = 0; i < preloads.length; i++) {
      var link = doc.createElement('link');
      link.rel = 'preload';
      link.as = 'script';
      link.href = preloads[i];
      doc.head.appendChild(link);
    }
    for (var j = 0; j < entries.length; j++) {
      var script = doc.createElement('script');
      script.src = entries[j];
      script.async = false;
      doc.head.appendChild(script);
    }
  }
  if (doc.visibilityState === 'hidden' || !win.requestAnimationFrame) load();
  else win.requestAnimationFrame(function () { win.setTimeout(load, 0); });
})(document, window);`;
  return { page: stripped, loader };
}
