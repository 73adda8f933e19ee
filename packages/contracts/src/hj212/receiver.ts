import { parseDataSegment, type Hj212Packet } from './packet.ts';
import { needsAck } from './packet-flag.ts';
import { dataAnswer } from './replies.ts';
import { Hj212Reassembler } from './split.ts';
import { Hj212StreamDecoder, type Hj212FrameErrorKind } from './stream-decoder.ts';

export interface Hj212Received {
  /** Whole messages, split ones put back together, in the order they completed. */
  packets: Hj212Packet[];
  /** The 9014s owed: one per received upload (or piece of one) that asked for an answer. */
  acks: Hj212Packet[];
  /** Frames and data segments that could not be used; the link goes on. */
  errors: { error: Hj212FrameErrorKind | 'badPacket'; detail: string }[];
}

/** Uploads (2xxx: real-time, minute, hour, day, status...) are the packets a 9014 answers. */
export function owesDataAnswer(p: Hj212Packet): boolean {
  return needsAck(p.flag) && p.cn.startsWith('2');
}

/**
 * One TCP link's inbound side, for a server: bytes in; messages, the acknowledgements owed, and what
 * was wrong out. It chains the stream decoder, the data segment parser and the reassembler, so a
 * transport only has to write the acks and hand the packets on. Each piece of a split upload is
 * acknowledged as it arrives, as the unit asked, even while the message is incomplete.
 */
export class Hj212Receiver {
  readonly decoder = new Hj212StreamDecoder();
  readonly reassembler: Hj212Reassembler;
  /** Good frames whose data segment did not parse. */
  badPackets = 0;

  constructor(opt: { maxPieces?: number } = {}) {
    this.reassembler = new Hj212Reassembler(opt);
  }

  push(chunk: Uint8Array | string): Hj212Received {
    const out: Hj212Received = { packets: [], acks: [], errors: [] };
    for (const item of this.decoder.push(chunk)) {
      if (!item.ok) {
        out.errors.push({ error: item.error, detail: item.detail });
        continue;
      }
      const parsed = parseDataSegment(item.data);
      if (!parsed.ok) {
        this.badPackets++;
        out.errors.push({ error: 'badPacket', detail: parsed.reason });
        continue;
      }
      if (owesDataAnswer(parsed.packet)) out.acks.push(dataAnswer(parsed.packet));
      const whole = this.reassembler.push(parsed.packet);
      if (whole) out.packets.push(whole);
    }
    return out;
  }
}
