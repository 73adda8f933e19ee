import type { TFunction } from 'i18next';
import type { ChannelItemOut } from './types';

/**
 * What a channel's delete confirmation says when escalation chains use it ("Used by escalation chain Night
 * (project Tower A): take it out of the chain first…"), or undefined for the usual question.
 */
export function channelInUseText(t: TFunction, channel: Pick<ChannelItemOut, 'usedBy'>): string | undefined {
  if (!channel.usedBy.length) return undefined;
  return t('alarmEscalation.deleteChannelInUse', {
    chains: channel.usedBy
      .map((c) => t('alarmEscalation.chainOfProject', { chain: c.name, project: c.projectName }))
      .join(t('alarmEscalation.listSeparator')),
  });
}
