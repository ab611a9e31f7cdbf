/** Files and multipart bodies for the documents' tests (issue 26). */
import type { FastifyInstance } from 'fastify';
// ---------------------------------------------------------------- files

export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
);
/** The bytes of jpeg() around its body. */
export const JPEG_FRAME = 22;
export function jpeg(bodyBytes = 64): Buffer {
  return Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
    Buffer.from('JFIF\0'),
    Buffer.from([0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]),
    Buffer.alloc(bodyBytes, 0x11),
    Buffer.from([0xff, 0xd9]),
  ]);
}

export interface FilePart {
  name?: string;
  filename: string;
  content: Buffer;
  type?: string;
}

const BOUNDARY = '----duly-test-boundary';

export function multipart(files: FilePart[], fields: Record<string, string> = {}): Buffer {
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${file.name ?? 'file'}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

export const MULTIPART_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

/** Uploads `content` (a PDF by default) through the API; returns the new document's id. */
export async function uploadDocument(
  app: FastifyInstance,
  token: string,
  certificateId: string,
  content: Buffer = PDF,
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/v1/certificates/${certificateId}/documents`,
    headers: { authorization: `Bearer ${token}`, 'content-type': MULTIPART_TYPE },
    payload: multipart([{ filename: 'document.pdf', content }]),
  });
  if (response.statusCode !== 201)
    throw new Error(`upload: ${response.statusCode} ${response.body}`);
  return response.json().id;
}
