import { and, eq } from 'drizzle-orm';
import type { fileApi } from '@siteops/contracts/file/api';
import { files, users } from '../../db/schema/index.ts';
import { resolveSession } from '../../auth/sessions.ts';
import { callerOf, scope } from '../../auth/scope.ts';
import { StorageNotFoundError } from '../../storage/storage.ts';
import type { Handler } from '../../http/endpoint.ts';
import { notFoundOf, mustExist } from '../../core/errors.ts';

/**
 * An image, to whoever may see the user it belongs to (the scope rule; 404 otherwise), proven
 * either by a bearer token or by a signed URL the API handed out in a user answer (for <img src>).
 */
export const serveFile: Handler<typeof fileApi.serve> = async (c, { id, exp, sig }) => {
  const { db, config, storage, fileUrls, request, reply } = c;
  let row: typeof files.$inferSelect | undefined;
  if (exp !== undefined && sig && fileUrls.verify(id, exp, sig)) {
    [row] = await db.select().from(files).where(eq(files.id, id));
  } else {
    request.auth = await resolveSession(db, config.session, request.headers.authorization, request.server.sessionCache);
    [row] = await db
      .select({ file: files })
      .from(files)
      .innerJoin(users, eq(users.id, files.ownerId))
      .where(and(eq(files.id, id), scope.users(callerOf(request.auth.user))))
      .then((rows) => rows.map((r) => r.file));
  }
  const file = mustExist(row, 'File');
  let stream;
  try {
    stream = await storage.get(file.id);
  } catch (err) {
    if (err instanceof StorageNotFoundError) throw notFoundOf('File');
    throw err;
  }
  return reply
    .type(file.mime)
    .header('content-length', String(file.size))
    .header('cache-control', 'private, no-store')
    .header('etag', `"${file.sha256}"`)
    .header('content-disposition', 'inline')
    .send(stream);
};
