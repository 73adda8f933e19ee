// ---------------------------------------------------------------------------------------------------
// Binary frames: [kind: 1 byte][id: 16 bytes, a UUID][payload]

export const FrameKind = {
  /** device -> server: a part of the binary result of RPC `id`; parts arrive before its `rpc.result`. */
  rpcData: 0x01,
  /** both directions: terminal bytes of shell stream `id`. */
  shellData: 0x02,
} as const;
export type FrameKindValue = (typeof FrameKind)[keyof typeof FrameKind];
const FRAME_HEADER_BYTES = 17;

/** The 16 bytes of a UUID written as text (RFC 9562 order). */
function uuidToBytes(uuid: string): Uint8Array {
  const hex = uuid.replace(/-/g, '');
  if (!/^[0-9a-fA-F]{32}$/.test(hex)) throw new Error(`not a UUID: ${uuid}`);
  const out = new Uint8Array(16);
  for (let i = 0; i < 16; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

function bytesToUuid(bytes: Uint8Array): string {
  let hex = '';
  for (let i = 0; i < 16; i++) hex += bytes[i].toString(16).padStart(2, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function encodeFrame(kind: FrameKindValue, id: string, payload: Uint8Array): Uint8Array {
  const out = new Uint8Array(FRAME_HEADER_BYTES + payload.length);
  out[0] = kind;
  out.set(uuidToBytes(id), 1);
  out.set(payload, FRAME_HEADER_BYTES);
  return out;
}

interface DecodedFrame {
  kind: number;
  id: string;
  payload: Uint8Array;
}

/** Split a binary frame; null when it is shorter than the header. */
export function decodeFrame(frame: Uint8Array): DecodedFrame | null {
  if (frame.length < FRAME_HEADER_BYTES) return null;
  return {
    kind: frame[0],
    id: bytesToUuid(frame.subarray(1, FRAME_HEADER_BYTES)),
    payload: frame.subarray(FRAME_HEADER_BYTES),
  };
}
