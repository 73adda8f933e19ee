import { requestTicket, ticketUrl } from './ticket';

/** Remote control: the device's local web page through its link, behind a `remote` ticket. */
export async function remoteControlUrl(deviceId: number): Promise<string> {
  const { url } = await requestTicket({ purpose: 'remote', deviceId });
  return ticketUrl(url).href;
}
