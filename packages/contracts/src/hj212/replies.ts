import { buildReply } from './build.ts';
import { CN, ExeRtn, QnRtn, ST } from './commands-codes.ts';
import { versionOf, type Hj212Packet } from './packet.ts';

// ---------------------------------------------------------------------------------------------------
// Answers (9011-9014): system interaction (ST=91), Flag without the A bit (an answer is not answered),
// the answered QN echoed. 2017 echoes it as the header's QN; HJ/T 212-2005 wrote it inside the CP.

type Answerable = Pick<Hj212Packet, 'qn' | 'pw' | 'mn' | 'flag' | 'cn'>;

function answer(to: Answerable, cn: string, other: Record<string, string>): Hj212Packet {
  const address = { st: ST.systemInteraction, pw: to.pw, mn: to.mn, version: versionOf(to) };
  return buildReply(address, cn, other, to.qn);
}

/** 9011, the unit's first reply to a command: whether it will carry it out (QnRtn). */
export function requestAnswer(request: Answerable, qnRtn: number = QnRtn.ready): Hj212Packet {
  return answer(request, CN.requestAnswer, { QnRtn: String(qnRtn) });
}

/** 9012, the unit's last reply to a command: how it went (ExeRtn). */
export function executionResult(request: Answerable, exeRtn: number = ExeRtn.ok): Hj212Packet {
  return answer(request, CN.executionResult, { ExeRtn: String(exeRtn) });
}

/** 9013, the answer to a notification. */
export function notifyAnswer(notification: Answerable): Hj212Packet {
  return answer(notification, CN.notifyAnswer, {});
}

/**
 * 9014, the server's acknowledgement of an upload that asked for one (needsAck). 2017's is an empty
 * CP under the upload's QN; 2005's names the upload's QN and CN in its CP.
 */
export function dataAnswer(upload: Answerable): Hj212Packet {
  return answer(upload, CN.dataAnswer, versionOf(upload) === 2017 ? {} : { CN: upload.cn });
}
