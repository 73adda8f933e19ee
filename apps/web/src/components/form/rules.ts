/**
 * A text field's "required": spaces alone count as empty, so the message shows instead of a blank value
 * reaching the server (which would refuse it, or store it).
 */
export const requiredText = (message: string) => ({ required: true, whitespace: true, message });
