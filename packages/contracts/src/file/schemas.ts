import { z } from 'zod';

/**
 * Images a user record points at. Each is uploaded through `POST /api/file/upload?kind=<kind>`,
 * which answers `{ id, url }`; the user form then sends the `id` in the matching field.
 */
const FILE_KINDS = ['avatar', 'idFront', 'idBack', 'cardPic', 'qrCode'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

/** User field -> the kind of file it must point at. */
export const IMAGE_FIELDS = {
  avatar: 'avatar',
  qrCode: 'qrCode',
  idFrontPic: 'idFront',
  idBackPic: 'idBack',
  cardPic: 'cardPic',
} as const satisfies Record<string, FileKind>;
export type ImageField = keyof typeof IMAGE_FIELDS;

/** What the server accepts, decided by the file's first bytes, never by its name or declared type. */
export const IMAGE_MIMES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** Default upload limit; the server's is UPLOAD_MAX_BYTES. */
export const UPLOAD_MAX_BYTES_DEFAULT = 5 * 1024 * 1024;

export const uploadQuery = z.object({ kind: z.enum(FILE_KINDS) });

export const uploadedFile = z.object({
  id: z.string(),
  kind: z.enum(FILE_KINDS),
  mime: z.string(),
  size: z.number(),
  sha256: z.string(),
  /** A signed URL usable in <img src> for about an hour. */
  url: z.string(),
});

/** `GET /api/file/:id`. */
export const fileParams = z.object({ id: z.uuid() });

/** What `url()` signs into a file URL: the expiry (epoch seconds) and the signature. */
export const signedUrlQuery = z.object({
  exp: z.coerce.number().int().optional(),
  sig: z.string().max(128).optional(),
});
