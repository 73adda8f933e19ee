/** Remote control: the device's local web page, proxied through its link, opened in a new tab. */
export function remoteControlUrl(id: number): string {
  const base = import.meta.env.VITE_API_BASE_URL ?? '';
  return `${base}/api/device/${id}/remote/`;
}
