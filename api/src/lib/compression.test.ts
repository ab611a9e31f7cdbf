import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { compress, preferredEncoding } from './compression';

describe('preferredEncoding', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['BR', 'br'],
  ])('%j → %j', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});

describe('compress', () => {
  it('round-trips in both encodings', () => {
    const body = JSON.stringify(Array.from({ length: 50 }, (_, i) => ({ id: i, title: 'Renew' })));
    expect(brotliDecompressSync(compress(body, 'br')).toString()).toBe(body);
    expect(gunzipSync(compress(body, 'gzip')).toString()).toBe(body);
  });
});
