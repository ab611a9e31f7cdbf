import { parseS3Url } from './s3-url';

describe('DOCUMENTS_S3_URL', () => {
  test('endpoint, bucket, region, credentials and path style from one URL', () => {
    expect(
      parseS3Url(
        's3://AKIA1:se%2Fcret%2B1@minio.internal:9000/duly-docs?region=eu-west-1&forcePathStyle=true',
      ),
    ).toEqual({
      endpoint: 'https://minio.internal:9000',
      bucket: 'duly-docs',
      region: 'eu-west-1',
      credentials: { accessKeyId: 'AKIA1', secretAccessKey: 'se/cret+1' },
      forcePathStyle: true,
    });
  });

  test('defaults: https, us-east-1, virtual-hosted style, the SDK credentials', () => {
    expect(parseS3Url('s3://s3.eu-central-1.amazonaws.com/duly-docs')).toEqual({
      endpoint: 'https://s3.eu-central-1.amazonaws.com',
      bucket: 'duly-docs',
      region: 'us-east-1',
      credentials: undefined,
      forcePathStyle: false,
    });
    expect(parseS3Url('s3://k:s@127.0.0.1:4568/b12?tls=false').endpoint).toBe(
      'http://127.0.0.1:4568',
    );
  });

  test.each([
    ['https://k:s@host/bucket', /must start with s3:\/\//],
    ['s3://k:s@host/', /must name one bucket/],
    ['s3://k:s@host/a/b', /must name one bucket/],
    ['s3://k:s@host/Bucket_1', /must name one bucket/],
    ['s3://k@host/bucket', /a key without a secret/],
    ['s3://k:s@host/bucket?pathStyle=1', /unknown parameter "pathStyle"/],
    ['s3://k:s@host/bucket?tls=maybe', /tls=maybe/],
    ['not a url', /is not a URL/],
  ])('%s is refused, naming the fault', (value, message) => {
    expect(() => parseS3Url(value)).toThrow(message);
  });
});
