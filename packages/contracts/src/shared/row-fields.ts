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

/** A row's reference to another row: `<name>Id` and that row's `<name>Name`. */
export const rowRef = <const N extends string>(name: N) =>
  ({ [`${name}Id`]: z.number(), [`${name}Name`]: z.string() }) as { [K in `${N}Id`]: z.ZodNumber } & {
    [K in `${N}Name`]: z.ZodString;
  };

/** A row's reference to another row that it may lack: `<name>Id` and `<name>Name`, both null when it has none. */
export const nullableRef = <const N extends string>(name: N) =>
  ({ [`${name}Id`]: z.number().nullable(), [`${name}Name`]: nullableString }) as {
    [K in `${N}Id`]: z.ZodNullable<z.ZodNumber>;
  } & { [K in `${N}Name`]: z.ZodNullable<z.ZodString> };

/**
 * An image a row points at: `<name>` the stored file's id and `<name>Url` a signed URL of it for
 * <img src> (short-lived), both null when there is none.
 */
export const imageRef = <const N extends string>(name: N) =>
  ({ [name]: nullableString, [`${name}Url`]: nullableString }) as { [K in N | `${N}Url`]: z.ZodNullable<z.ZodString> };

/** The device a row is about, as lists show it: its id, its name (null when unnamed) and its serial number. */
export const aboutDevice = {
  deviceId: z.number(),
  devName: z.string().nullable(),
  sn: z.string(),
};
