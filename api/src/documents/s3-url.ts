/** DOCUMENTS_S3_URL, read at start-up (plugins/config.ts); the store is s3-store.ts. */
export interface S3Settings {
  /** `http(s)://host:port`. */
  endpoint: string;
  bucket: string;
  region: string;
  /** Unset: the SDK's own chain (environment, instance role...). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** `bucket` in the path rather than in the host name (MinIO and most local servers). */
  forcePathStyle: boolean;
}

const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/**
 * DOCUMENTS_S3_URL: `s3://KEY:SECRET@host[:port]/bucket?region=eu-west-1&forcePathStyle=true`.
 * `tls=false` talks plain HTTP (a server on the same host); KEY and SECRET are percent-encoded
 * (a secret's `/` is `%2F`); without them the SDK's default credentials are used.
 */
export function parseS3Url(value: string): S3Settings {
  const fail = (why: string): never => {
    throw new Error(
      `DOCUMENTS_S3_URL ${why} (expected s3://KEY:SECRET@host:port/bucket?region=...&forcePathStyle=true)`,
    );
  };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return fail('is not a URL');
  }
  if (url.protocol !== 's3:') fail('must start with s3://');
  if (!url.hostname) fail('has no host');
  const bucket = decodeURIComponent(url.pathname.replace(/^\/+|\/+$/g, ''));
  if (!BUCKET_NAME.test(bucket)) fail('must name one bucket as its path');
  const known = new Set(['region', 'forcePathStyle', 'tls']);
  for (const name of url.searchParams.keys()) {
    if (!known.has(name)) fail(`has an unknown parameter "${name}"`);
  }
  const flag = (name: string, fallback: boolean): boolean => {
    const raw = url.searchParams.get(name);
    if (raw === null) return fallback;
    if (raw === 'true' || raw === '1') return true;
    if (raw === 'false' || raw === '0') return false;
    return fail(`has ${name}=${raw} (use true or false)`);
  };
  const user = decodeURIComponent(url.username);
  const secret = decodeURIComponent(url.password);
  if (Boolean(user) !== Boolean(secret))
    fail('names a key without a secret or a secret without a key');
  return {
    endpoint: `${flag('tls', true) ? 'https' : 'http'}://${url.host}`,
    bucket,
    region: url.searchParams.get('region') || 'us-east-1',
    credentials: user ? { accessKeyId: user, secretAccessKey: secret } : undefined,
    forcePathStyle: flag('forcePathStyle', false),
  };
}
