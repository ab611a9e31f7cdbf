import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';

/** `<script …>…</script>`: group 1 the attributes, group 2 the body. */
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/**
 * The CSP sources (`'sha256-…'`) of the inline scripts of an HTML page, so the policy can allow
 * exactly those without `'unsafe-inline'`: the shell's pre-rendered pages carry one
 * (shell/src/app/prerender/earlyScript.ts); index.html carries none.
 */
export function inlineScriptSources(html: string): string[] {
  const sources: string[] = [];
  for (const [, attributes, body] of html.matchAll(SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes ?? '') || !body) continue;
    sources.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return sources;
}

const cache = new Map<string, { mtimeMs: number; sources: string[] }>();

/** inlineScriptSources of a page file, read again only when the file changes (a rebuild). */
export async function pageScriptSources(file: string): Promise<string[]> {
  const { mtimeMs } = await stat(file);
  const cached = cache.get(file);
  if (cached?.mtimeMs === mtimeMs) return cached.sources;
  const sources = inlineScriptSources(await readFile(file, 'utf8'));
  cache.set(file, { mtimeMs, sources });
  return sources;
}
