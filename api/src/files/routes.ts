import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../context';
import { errorEnvelopeSchema, errorResponses } from '../http/envelope';
import { AppError } from '../http/errors';
import { candidateRoute, createRouter, staffRoute } from '../http/router';
import { getFileStorage } from './file-storage';
import { readStoredFile, type StoredFileContent } from './read-stored-file';

const fileResponse = {
  200: {
    description: 'The bytes, with the content type detected at upload',
    content: {
      'image/jpeg': { schema: z.string().openapi({ format: 'binary' }) },
      'image/png': { schema: z.string().openapi({ format: 'binary' }) },
      'application/pdf': { schema: z.string().openapi({ format: 'binary' }) },
    },
  },
  ...errorResponses,
  404: { description: 'No such file of this owner', content: { 'application/json': { schema: errorEnvelopeSchema } } },
};

const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'application/pdf': 'pdf' };

function sendFile(c: Context<AppEnv>, file: StoredFileContent) {
  // The id names immutable content, so the browser may keep it; "private" keeps it out of
  // shared caches, since only the owner (or staff) may read it.
  return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, {
    'Content-Type': file.contentType,
    'Content-Length': String(file.bytes.length),
    'Content-Disposition': `inline; filename="${file.purpose}.${EXTENSIONS[file.contentType] ?? 'bin'}"`,
    'Cache-Control': 'private, max-age=86400, immutable',
    ETag: `"${file.sha256}"`,
  });
}

/** DESIGN "Files": served only through an authorised route. */
export const candidateFileRoutes = createRouter().openapi(
  candidateRoute({
    method: 'get',
    path: '/files/{fileId}',
    summary: "One of the signed-in candidate's own files",
    request: { params: z.object({ fileId: z.string().max(64) }) },
    responses: fileResponse,
  }),
  async (c) => {
    const deps = c.get('deps');
    const file = await readStoredFile(deps.db, getFileStorage(deps), { fileId: c.req.valid('param').fileId, ownerUserId: c.get('auth').userId });
    if (!file) throw new AppError('NOT_FOUND');
    return sendFile(c, file) as never;
  },
);

const ownerFileParams = z.object({ userId: z.string().max(12), fileId: z.string().max(64) });

/** The file of the user named in the path, and only of that user (404 otherwise, so ids cannot be probed). */
async function sendOwnersFile(c: Context<AppEnv>, params: z.infer<typeof ownerFileParams>) {
  const deps = c.get('deps');
  const ownerUserId = /^\d{1,9}$/.test(params.userId) ? Number(params.userId) : NaN;
  const file = Number.isInteger(ownerUserId) ? await readStoredFile(deps.db, getFileStorage(deps), { fileId: params.fileId, ownerUserId }) : null;
  if (!file) throw new AppError('NOT_FOUND');
  return sendFile(c, file);
}

// Two staff doors to the same files, one privilege each (the authorisation walk checks one per
// route): scrutiny reads the documents of applications; user management reads them on the
// fullDetails screen, which already shows that candidate's whole profile (spec §2 fullDetails).
export const staffFileRoutes = createRouter()
  .openapi(
    staffRoute({
      privilege: ['SC', 'read'],
      method: 'get',
      path: '/candidates/{userId}/files/{fileId}',
      summary: "A candidate's file, for scrutiny (spec §2 pre-review documents)",
      request: { params: ownerFileParams },
      responses: fileResponse,
    }),
    async (c) => (await sendOwnersFile(c, c.req.valid('param'))) as never,
  )
  .openapi(
    staffRoute({
      privilege: ['UM', 'read'],
      method: 'get',
      path: '/users/{userId}/files/{fileId}',
      summary: "A user's file, opened from the user's full details (spec §2 fullDetails [UM])",
      request: { params: ownerFileParams },
      responses: fileResponse,
    }),
    async (c) => (await sendOwnersFile(c, c.req.valid('param'))) as never,
  );
