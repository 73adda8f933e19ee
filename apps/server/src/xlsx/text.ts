/**
 * Text a spreadsheet may take as a formula (or a DDE call) when a person opens or edits the cell:
 * OWASP's CSV-injection list, `= + - @`, tab and carriage return at the start.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Exported text made inert: a leading `'` so Excel, LibreOffice and WPS show it as typed, never evaluate it. */
export const neutralised = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);

/** What {@link neutralised} added taken off again, so an exported sheet imports back unchanged. */
export const unneutralised = (text: string) =>
  text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
