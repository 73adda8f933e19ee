import net from 'node:net';

/** The machine's Mosquitto (the external broker of a deployment of several instances), or TEST_MQTT_URL. */
export const BROKER = process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';

/** Whether a broker answers at BROKER within a second; a test file that needs one skips, saying why, when not. */
export async function brokerAnswers(what: string): Promise<boolean> {
  const { hostname, port } = new URL(BROKER);
  const answers = await new Promise<boolean>((resolve) => {
    const socket = net.connect(Number(port || 1883), hostname);
    socket.setTimeout(1_000);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
  if (!answers) console.log(`${what}: skipped, no broker answers at ${BROKER} (TEST_MQTT_URL)`);
  return answers;
}
