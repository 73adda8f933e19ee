/**
 * A file name shown in a direction of its own (`<bdi>`: unicode-bidi isolate), so right-to-left
 * characters in it cannot reorder the text around it. The server refuses bidi controls in file names
 * (and zero-width ones); this keeps names from right-to-left scripts from spilling over.
 */
export function FileName({ name }: { name: string | null | undefined }) {
  return <bdi>{name ?? ''}</bdi>;
}

/** A file name inside a plain string (a title, a message): wrapped in FSI … PDI, the isolate of text. */
export const isolated = (name: string | null | undefined) => `\u2068${name ?? ''}\u2069`;
