import type { AnswerOf } from '@siteops/contracts/shared/endpoint';
import type { alarmEscalationApi } from '@siteops/contracts/alarm-escalation/api';

/** A channel as the list answers it. */
export type ChannelItemOut = AnswerOf<typeof alarmEscalationApi.channelListAll>['list'][number];
/** A chain as the list answers it. */
export type ChainItemOut = AnswerOf<typeof alarmEscalationApi.chainListAll>['list'][number];
/** A logged delivery. */
export type DeliveryLogOut = AnswerOf<typeof alarmEscalationApi.channelLog>['list'][number];
