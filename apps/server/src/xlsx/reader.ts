import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { ZipError, unpack, zipEntries, type ZipEntry } from './zip.ts';

/** Why a workbook cannot be read. */
export class XlsxError extends Error {
  constructor(readonly reason: 'notXlsx' | 'noSheet' | 'tooLarge') {
    super(reason);
  }
}

export interface XlsxRow {
  /** 1-based, as the spreadsheet numbers it. */
  row: number;
  /** Cell text by 0-based column, trimmed; holes for empty cells. */
  cells: string[];
}

export interface ReadOptions {
  /** Most bytes the sheet (and separately the shared strings) may unpack to. */
  maxBytes?: number;
  /** Cells right of this many columns are ignored. */
  maxColumns?: number;
}

/** A legitimate 20,000-row import unpacks to a few tens of MB; this leaves room and stops zip bombs. */
export const MAX_UNPACKED_BYTES = 128 * 1024 * 1024;
const MAX_COLUMNS = 256;

/** Element name without its namespace prefix (`x:row` from some producers). */
const local = (name: string) => name.slice(name.indexOf(':') + 1);

/** Column index (0-based) of a cell reference like `AB12`. */
function columnOf(ref: string): number | undefined {
  let col = 0;
  let i = 0;
  for (; i < ref.length; i++) {
    const c = ref.charCodeAt(i);
    if (c < 65 || c > 90) break;
    col = col * 26 + (c - 64);
  }
  return i === 0 ? undefined : col - 1;
}

interface XmlHandlers {
  open(tag: SaxesTagPlain): void;
  text(text: string): void;
  close(name: string): void;
}

/**
 * Parse one entry as XML, a chunk at a time; after each chunk, `drain` hands out what it collected.
 * No DTD or custom entity is ever expanded (saxes does not), so entity bombs are plain errors.
 */
async function* parseXml<T>(
  buf: Buffer,
  entry: ZipEntry,
  maxBytes: number,
  handlers: XmlHandlers,
  drain: () => T[],
): AsyncGenerator<T> {
  const parser = new SaxesParser<{ xmlns: false; position: false }>({ xmlns: false, position: false });
  let failed = false;
  parser.on('error', () => {
    failed = true;
  });
  parser.on('opentag', (tag) => handlers.open(tag));
  parser.on('text', (text) => handlers.text(text));
  parser.on('cdata', (text) => handlers.text(text));
  parser.on('closetag', (tag) => handlers.close(local(tag.name)));
  const decoder = new TextDecoder('utf-8');
  try {
    for await (const chunk of unpack(buf, entry, maxBytes)) {
      parser.write(decoder.decode(chunk, { stream: true }));
      if (failed) throw new XlsxError('notXlsx');
      yield* drain();
    }
    parser.close();
  } catch (err) {
    if (err instanceof XlsxError) throw err;
    if (err instanceof ZipError) throw new XlsxError(err.reason === 'tooLarge' ? 'tooLarge' : 'notXlsx');
    throw new XlsxError('notXlsx');
  }
  if (failed) throw new XlsxError('notXlsx');
  yield* drain();
}

/** All the matching elements' attributes of a small XML entry (workbook, relationships). */
async function attributesOf(buf: Buffer, entry: ZipEntry | undefined, element: string) {
  if (!entry) throw new XlsxError('notXlsx');
  let found: Record<string, string>[] = [];
  const handlers: XmlHandlers = {
    open: (tag) => {
      if (local(tag.name) === element) found.push(tag.attributes);
    },
    text: () => {},
    close: () => {},
  };
  const drain = () => {
    const out = found;
    found = [];
    return out;
  };
  const all: Record<string, string>[] = [];
  for await (const attrs of parseXml(buf, entry, 16 * 1024 * 1024, handlers, drain)) all.push(attrs);
  return all;
}

/** Path of a relationship target, relative to `xl/` unless absolute. */
const partPath = (target: string) => (target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`);

/** The strings `<si>` of the shared-strings part, in order. Phonetic runs (`rPh`) are not part of the text. */
async function sharedStrings(buf: Buffer, entry: ZipEntry | undefined, maxBytes: number) {
  const strings: string[] = [];
  if (!entry) return strings;
  let text = '';
  let capture = false;
  let phonetic = false;
  const handlers: XmlHandlers = {
    open: (tag) => {
      const name = local(tag.name);
      if (name === 'si') text = '';
      else if (name === 'rPh') phonetic = true;
      else if (name === 't' && !phonetic) capture = true;
    },
    text: (t) => {
      if (capture) text += t;
    },
    close: (name) => {
      if (name === 't') capture = false;
      else if (name === 'rPh') phonetic = false;
      else if (name === 'si') strings.push(text);
    },
  };
  const parsing = parseXml<never>(buf, entry, maxBytes, handlers, () => []);
  while (!(await parsing.next()).done);
  return strings;
}

/**
 * The non-empty rows of a workbook's first sheet, streamed: a caller that stops iterating stops the
 * unpacking and parsing there, so a sheet of a million rows costs only the rows actually read. Cell
 * text is what the cell shows as text: shared and inline strings, a formula's cached result, numbers
 * as written, booleans as `true`/`false`, errors as empty.
 */
export async function* readFirstSheet(buf: Buffer, opts: ReadOptions = {}): AsyncGenerator<XlsxRow> {
  const maxBytes = opts.maxBytes ?? MAX_UNPACKED_BYTES;
  const maxColumns = opts.maxColumns ?? MAX_COLUMNS;
  let entries: Map<string, ZipEntry>;
  try {
    entries = zipEntries(buf);
  } catch {
    throw new XlsxError('notXlsx');
  }
  const sheets = await attributesOf(buf, entries.get('xl/workbook.xml'), 'sheet');
  const rels = await attributesOf(buf, entries.get('xl/_rels/workbook.xml.rels'), 'Relationship');
  const first = sheets[0];
  const rid = first && Object.entries(first).find(([k]) => k === 'r:id' || k.endsWith(':id'))?.[1];
  const target = rels.find((r) => r.Id === rid)?.Target;
  const sheet = target ? entries.get(partPath(target)) : undefined;
  if (!sheet) throw new XlsxError('noSheet');
  const sstTarget = rels.find((r) => r.Type?.endsWith('/sharedStrings'))?.Target;
  const sst = await sharedStrings(buf, entries.get(sstTarget ? partPath(sstTarget) : 'xl/sharedStrings.xml'), maxBytes);

  let done: XlsxRow[] = [];
  let row: XlsxRow | undefined;
  let any = false;
  let lastRow = 0;
  let col = 0;
  let type = '';
  let value = '';
  let capture = false;
  let phonetic = false;
  const handlers: XmlHandlers = {
    open: (tag) => {
      const a = tag.attributes;
      switch (local(tag.name)) {
        case 'row':
          lastRow = a.r ? Number(a.r) : lastRow + 1;
          row = { row: lastRow, cells: [] };
          any = false;
          col = 0;
          break;
        case 'c':
          col = (a.r ? columnOf(a.r) : undefined) ?? col;
          type = a.t ?? 'n';
          value = '';
          break;
        case 'v':
          capture = type !== 'inlineStr';
          break;
        case 't':
          capture = type === 'inlineStr' && !phonetic;
          break;
        case 'rPh':
          phonetic = true;
          break;
      }
    },
    text: (t) => {
      if (capture) value += t;
    },
    close: (name) => {
      if (name === 'v' || name === 't') capture = false;
      else if (name === 'rPh') phonetic = false;
      else if (name === 'c' && row) {
        let text = value;
        if (type === 's') text = sst[Number(value)] ?? '';
        else if (type === 'b') text = value === '1' ? 'true' : 'false';
        else if (type === 'e') text = '';
        text = text.trim();
        if (text && col < maxColumns) {
          row.cells[col] = text;
          any = true;
        }
        col++;
      } else if (name === 'row' && row) {
        if (any) done.push(row);
        row = undefined;
      }
    },
  };
  const drain = () => {
    const out = done;
    done = [];
    return out;
  };
  yield* parseXml(buf, sheet, maxBytes, handlers, drain);
}
