/** drizzle 0.45 wraps driver errors; the SQLSTATE sits on `cause`. */
export function sqlState(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  const code = e?.cause?.code ?? e?.code;
  return typeof code === 'string' ? code : undefined;
}

export const isUniqueViolation = (err: unknown) => sqlState(err) === '23505';

/** Name of the constraint a driver error is about (unique, foreign key, check), when the driver says. */
export function constraintOf(err: unknown): string | undefined {
  const e = err as { constraint?: unknown; cause?: { constraint?: unknown } };
  const name = e?.cause?.constraint ?? e?.constraint;
  return typeof name === 'string' ? name : undefined;
}
