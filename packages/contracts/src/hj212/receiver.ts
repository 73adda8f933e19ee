import { parseDataSegment, type Hj212Packet } from './packet.ts';
import { needsAck } from './packet-flag.ts';
import { CN } from './commands-codes.ts';
import { dataAnswer, notifyAnswer } from './replies.ts';
import { Hj212Reassembler } from './split.ts';
import { Hj212StreamDecoder, type Hj212FrameErrorKind } from './stream-decoder.ts';

export interface Hj212Received {
  /** Whole messages, split ones put back together, in the order they completed. */
  packets: Hj212Packet[];
  /** The answers owed (see answerOwed): one per received packet, or piece of one, that asked. */
  answers: Hj212Packet[];
  /** Frames and data segments that could not be used; the link goes on. */
  errors: { error: Hj212FrameErrorKind | 'badPacket'; detail: string }[];
}

/**
 * The answer a server owes a packet that asked for one (Flag bit A): a 9014 for an upload (2xxx:
 * real-time, minute, hour, day, status...; 3020: instrument information), a 9013 for the unit's 1013
 * time-calibration notice. Commands and answers from a unit are owed nothing.
 */
export function answerOwed(p: Hj212Packet): Hj212Packet | undefined {
  if (!needsAck(p.flag)) return undefined;
  if (p.cn.startsWith('2') || p.cn === CN.info) return dataAnswer(p);
  if (p.cn === CN.timeCalibration) return notifyAnswer(p);
  return undefined;
}

/**
 * One TCP link's inbound side, for a server: bytes in; messages, the answers owed, and what was wrong
 * out. It chains the stream decoder, the data segment parser and the reassembler, so a transport only
 * has to write the answers and hand the packets on. Each piece of a split upload is acknowledged as
 * it arrives, as the unit asked, even while the message is incomplete.
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
    const out: Hj212Received = { packets: [], answers: [], errors: [] };
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
      const owed = answerOwed(parsed.packet);
      if (owed) out.answers.push(owed);
      const whole = this.reassembler.push(parsed.packet);
      if (whole) out.packets.push(whole);
    }
    return out;
  }
}
