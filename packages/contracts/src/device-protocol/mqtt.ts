/**
 * The device protocol over MQTT (docs/device-protocol.md, part 12): the same JSON messages as on the
 * WebSocket, with their `type` carried by the topic. Shared by the server's MQTT adapter and the simulator.
 *
 * - CONNECT: client id = serial number, user name = `<deviceType>/<MAC>`, password = the device secret;
 *   then the `auth` message on `siteops/<sn>/up/auth` (the embedded broker already checked the CONNECT and
 *   ignores it; behind an external broker it is the handshake), will on `siteops/<sn>/up/will`.
 * - device -> server: `siteops/<sn>/up/<type>`, an RPC answer on `siteops/<sn>/up/rpc/<id>`, a binary
 *   frame (protocol 7) on `siteops/<sn>/up/frame`.
 * - server -> device: `siteops/<sn>/down/<type>`, an RPC on `siteops/<sn>/down/rpc/<id>` (MQTT 5: with
 *   response topic and correlation data), a binary frame on `.../down/frame`, and the close code on
 *   `.../down/close` just before the server disconnects.
 */

export const MQTT_TOPIC_ROOT = 'siteops';

/** Message types a device publishes under `up/` (the rest of deviceMessage: `auth` is the CONNECT). */
export const MQTT_UP_TYPES = [
  'heartbeat',
  'versions',
  'telemetry',
  'event',
  'upgrade.progress',
  'shell.close',
] as const;

export const mqttTopics = (sn: string) => {
  const base = `${MQTT_TOPIC_ROOT}/${sn}`;
  return {
    /** What a device subscribes to. */
    down: `${base}/down/#`,
    up: (type: string) => `${base}/up/${type}`,
    upRpc: (id: string) => `${base}/up/rpc/${id}`,
    upFrame: `${base}/up/frame`,
    upAuth: `${base}/up/auth`,
    upWill: `${base}/up/will`,
    downOf: (type: string) => `${base}/down/${type}`,
    downRpc: (id: string) => `${base}/down/rpc/${id}`,
    downFrame: `${base}/down/frame`,
    downClose: `${base}/down/close`,
  };
};

/** A serial number usable as a client id and topic level: no MQTT wildcards or level separators. */
export const isTopicSafe = (sn: string) => sn.length > 0 && !/[/+#]/.test(sn) && !sn.includes('\u0000');

/** `siteops/<sn>/up/<rest>` split, or undefined for any other topic (what a server subscribed to `siteops/+/up/#` hears). */
export function splitUpTopic(topic: string): { sn: string; rest: string } | undefined {
  const parts = topic.split('/');
  if (parts.length < 4 || parts[0] !== MQTT_TOPIC_ROOT || parts[2] !== 'up' || !parts[1]) return undefined;
  return { sn: parts[1], rest: parts.slice(3).join('/') };
}

/** The CONNECT user name: `<deviceType>/<MAC>`. */
export const mqttUsername = (deviceType: string, mac: string) => `${deviceType}/${mac}`;

export function parseMqttUsername(username: string | undefined): { deviceType: string; mac: string } | undefined {
  const slash = username?.indexOf('/') ?? -1;
  if (!username || slash < 1) return undefined;
  return { deviceType: username.slice(0, slash), mac: username.slice(slash + 1) };
}

export type MqttUp =
  | { kind: 'message'; type: string; id?: string }
  | { kind: 'frame' }
  /** The device's will (set at CONNECT): its connection to the broker died. */
  | { kind: 'will' }
  | { kind: 'refused'; why: string };

/**
 * What a publish on `topic` by device `sn` is. Anything outside the device's own `up/` tree is refused
 * (the ACL): one device can never speak for another.
 */
export function parseUpTopic(topic: string, sn: string): MqttUp {
  const prefix = `${MQTT_TOPIC_ROOT}/${sn}/up/`;
  if (!topic.startsWith(prefix)) return { kind: 'refused', why: `publish only under ${prefix}` };
  const rest = topic.slice(prefix.length);
  if (rest === 'frame') return { kind: 'frame' };
  if (rest === 'will') return { kind: 'will' };
  if (rest === 'auth') return { kind: 'message', type: 'auth' };
  if (rest.startsWith('rpc/')) {
    const id = rest.slice(4);
    return id && !id.includes('/')
      ? { kind: 'message', type: 'rpc.result', id }
      : { kind: 'refused', why: 'bad rpc topic' };
  }
  if ((MQTT_UP_TYPES as readonly string[]).includes(rest)) return { kind: 'message', type: rest };
  return { kind: 'refused', why: `unknown topic up/${rest}` };
}

/** Whether device `sn` may subscribe to `filter`: its own `down/` tree only. */
export function mayDeviceSubscribe(filter: string, sn: string): boolean {
  const own = `${MQTT_TOPIC_ROOT}/${sn}/down`;
  return filter === own || filter.startsWith(`${own}/`);
}
