// ---------------------------------------------------------------------------------------------------
// Header codes: CN (command), ST (system), and the answers' return codes (HJ 212-2017 tables 4, 6-8).

/** CN: what a packet is. The codes this platform sends, answers or reads. */
export const CN = {
  /** Server -> unit: read the unit's clock. The unit answers with a 1011 carrying SystemTime. */
  getTime: '1011',
  /** Server -> unit: set the unit's clock to SystemTime. */
  setTime: '1012',
  /** Unit -> server (2017): a notice that its clock needs setting; answered with a 9013, then a 1012. */
  timeCalibration: '1013',
  /** Server -> unit: read the real-time interval; answered with a 1061 carrying RtdInterval (s). */
  getRtdInterval: '1061',
  /** Server -> unit: set the real-time interval to RtdInterval (s). */
  setRtdInterval: '1062',
  /** Server -> unit: read the minute-data interval; answered with a 1063 carrying MinInterval (min). */
  getMinInterval: '1063',
  /** Server -> unit: set the minute-data interval to MinInterval (min). */
  setMinInterval: '1064',
  /** Unit -> server: real-time data (`-Rtd`). */
  realtime: '2011',
  /** Unit -> server: equipment status (`-RS`, running state). */
  status: '2021',
  /** Unit -> server: daily data (`-Min/-Avg/-Max/-Cou`). */
  day: '2031',
  /** Unit -> server: minute data. */
  minute: '2051',
  /** Unit -> server: hourly data. */
  hour: '2061',
  /** Unit -> server (2017): instrument information (logs, state, parameters) as `i1xxxx` codes. */
  info: '3020',
  /** Unit -> server: request answer (QnRtn), first reply to a command. */
  requestAnswer: '9011',
  /** Unit -> server: execution result (ExeRtn), last reply to a command. */
  executionResult: '9012',
  /** Either way: notification answer. */
  notifyAnswer: '9013',
  /** Server -> unit: data answer, the acknowledgement of an upload that asked for one. */
  dataAnswer: '9014',
} as const;
export type CnName = keyof typeof CN;

/** The name of a CN this module knows, for logs. */
export function cnName(cn: string): CnName | undefined {
  return (Object.keys(CN) as CnName[]).find((k) => CN[k] === cn);
}

/**
 * ST: the kind of monitoring system. Construction-site dust monitors report as ambient air (22);
 * some regional rules have them use 39. Answers (9011-9014) are system interaction, 91.
 */
export const ST = {
  surfaceWater: '21',
  airQuality: '22',
  noise: '23',
  airPollutionSource: '31',
  waterPollutionSource: '32',
  noisePollutionSource: '36',
  systemInteraction: '91',
} as const;

/** QnRtn of a 9011: whether the unit will carry out the request, or what was wrong with it. */
export const QnRtn = {
  ready: 1,
  refused: 2,
  badPassword: 3,
  badMn: 4,
  badSt: 5,
  badFlag: 6,
  badQn: 7,
  badCn: 8,
  badCrc: 9,
  unknown: 100,
} as const;

/** ExeRtn of a 9012: how the command went. */
export const ExeRtn = {
  ok: 1,
  failed: 2,
  badCondition: 3,
  timeout: 4,
  busy: 5,
  systemFault: 6,
  noData: 100,
} as const;
