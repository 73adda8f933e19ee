import { parseCp, formatCp, type Hj212Cp } from './cp.ts';
import { encodeHj212Frame } from './frame.ts';
import { flagVersion, type Hj212Version } from './packet-flag.ts';

// ---------------------------------------------------------------------------------------------------
// The data segment: QN=...;ST=..;CN=....;PW=......;MN=...;Flag=.;PNUM=..;PNO=..;CP=&&...&&

export interface Hj212Packet {
  /** Request id, a time to the millisecond; answers echo it. Optional in HJ/T 212-2005 uploads. */
  qn?: string;
  st: string;
  cn: string;
  pw: string;
  /** The unit's id: 24 characters in 2017, 14 in 2005. */
  mn: string;
  /** See packet-flag.ts. Absent in many 2005 packets. */
  flag?: number;
  /** Pieces of a split message, and this piece's number (1-based); only when Flag has the D bit. */
  pnum?: number;
  pno?: number;
  cp: Hj212Cp;
}

export type Hj212ParseResult = { ok: true; packet: Hj212Packet } | { ok: false; reason: string };

const HEADER_KEYS: Record<string, keyof Hj212Packet> = {
  QN: 'qn',
  ST: 'st',
  CN: 'cn',
  PW: 'pw',
  MN: 'mn',
  FLAG: 'flag',
  PNUM: 'pnum',
  PNO: 'pno',
};

/**
 * A data segment (the frame's content, CRC already checked) as a packet. Header keys are matched
 * whatever their case (units write `Flag` and `FLAG`); an unknown header key is ignored. A segment
 * without CN, MN or a well-formed `CP=&&...&&` is refused: nothing can be done with it.
 */
export function parseDataSegment(data: string): Hj212ParseResult {
  const cpAt = data.indexOf('CP=&&');
  if (cpAt < 0) return { ok: false, reason: 'no CP=&&' };
  const close = data.lastIndexOf('&&');
  if (close < cpAt + 5 || data.slice(close + 2).replace(/;$/, '') !== '') {
    return { ok: false, reason: 'CP is not closed by && at the end' };
  }
  const header: Record<string, string> = {};
  for (const item of data.slice(0, cpAt).split(';')) {
    if (item === '') continue;
    const eq = item.indexOf('=');
    if (eq < 0) return { ok: false, reason: `header item "${item}" has no =` };
    const key = HEADER_KEYS[item.slice(0, eq).toUpperCase()];
    if (key) header[key] = item.slice(eq + 1);
  }
  if (!header.cn) return { ok: false, reason: 'no CN' };
  if (!header.mn) return { ok: false, reason: 'no MN' };
  const packet: Hj212Packet = {
    st: header.st ?? '',
    cn: header.cn,
    pw: header.pw ?? '',
    mn: header.mn,
    cp: parseCp(data.slice(cpAt + 5, close)),
  };
  if (header.qn !== undefined) packet.qn = header.qn;
  for (const key of ['flag', 'pnum', 'pno'] as const) {
    const text = header[key];
    if (text === undefined) continue;
    if (!/^\d{1,4}$/.test(text)) return { ok: false, reason: `${key.toUpperCase()} "${text}" is not a number` };
    packet[key] = Number(text);
  }
  return { ok: true, packet };
}

/** The data segment of a packet, fields in the standard's order. */
export function formatDataSegment(p: Hj212Packet): string {
  const head = [
    p.qn !== undefined ? `QN=${p.qn}` : '',
    `ST=${p.st}`,
    `CN=${p.cn}`,
    `PW=${p.pw}`,
    `MN=${p.mn}`,
    p.flag !== undefined ? `Flag=${p.flag}` : '',
    p.pnum !== undefined ? `PNUM=${p.pnum}` : '',
    p.pno !== undefined ? `PNO=${p.pno}` : '',
  ].filter((s) => s !== '');
  return `${head.join(';')};CP=&&${formatCp(p.cp)}&&`;
}

/** A packet as one whole frame. Throws if it is over 1024 bytes: use encodePacketFrames for data that may be. */
export function encodePacket(p: Hj212Packet): string {
  return encodeHj212Frame(formatDataSegment(p));
}

/**
 * Which edition a packet follows: 2017 when Flag's version bits say so, or (a unit that leaves
 * Flag out or zero) when its MN has 2017's 24 characters; else HJ/T 212-2005.
 */
export function versionOf(p: Pick<Hj212Packet, 'flag' | 'mn'>): Hj212Version {
  return flagVersion(p.flag) >= 1 || p.mn.length === 24 ? 2017 : 2005;
}

/** The QN an answer answers: in its header (2017), or inside its CP (2005 answers carry it there). */
export function answeredQn(p: Hj212Packet): string | undefined {
  return p.qn ?? p.cp.other.QN;
}
