import { z } from 'zod';

// Fields that many answers' rows carry with the same meaning; one definition so they stay alike.

/** A text column that may be empty (null). */
export const nullableString = z.string().nullable();

/** When a row was created and last changed (ISO), as every editable row answers them. */
export const editTimes = {
  createdAt: z.string(),
  updatedAt: z.string(),
};

/** Who created a row and who last changed it (user ids; null where none was recorded). */
export const editorIds = {
  createdId: z.number().nullable(),
  updatedId: z.number().nullable(),
};

/**
 * Spec 3's edit stamps as an answer carries them: when and by whom a row was created and last changed
 * (the server's tables hold them as `editStamps()` columns).
 */
export const editStamps = { ...editTimes, ...editorIds };
