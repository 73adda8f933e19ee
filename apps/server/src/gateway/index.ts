import type { FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import { MAX_FRAME_BYTES } from '@siteops/contracts/device-protocol';
import { Gateway } from './gateway.ts';
import type { GatewayDeps } from './types.ts';

export { Gateway } from './gateway.ts';
export { GatewayEvents } from './live.ts';
export type { DeviceRpc } from './rpc.ts';
export { ShellStream } from './shell.ts';
export * from './types.ts';
export { MemoryDirectory, MemoryPresenceSink, MemoryTelemetrySink, hashDeviceSecret, secretMatches } from './memory.ts';

/**
 * Mount the device link on `app`: the WebSocket route (default `/gateway`, outside `/api`, so the
 * session guard does not apply: devices authenticate with their licence secret), the bus
 * subscriptions and the timers. Registers @fastify/websocket unless it already is (register it yourself
 * first, and `await` it, if other routes need WebSockets too). On `app.close()` every link is closed
 * with 1001 and buffered presence and readings are written; the bus is the caller's to close after.
 */
export async function registerGateway(app: FastifyInstance, deps: GatewayDeps): Promise<Gateway> {
  const gateway = new Gateway(deps, app.log.child({ module: 'gateway' }));
  if (!app.hasDecorator('websocketServer')) {
    await app.register(websocket, {
      options: { maxPayload: MAX_FRAME_BYTES },
      // Before the plugin closes every socket (with no code), tell devices 1001 "going away".
      preClose: async function (this: FastifyInstance) {
        // As the plugin's default preClose does: no more upgrades. A device dialling during shutdown
        // would otherwise be upgraded on the closed server and hold app.close() open.
        this.server.removeAllListeners('upgrade');
        await gateway.close();
        const wss = this.websocketServer;
        for (const client of wss.clients) client.close(1001, 'shutdown');
        await new Promise<void>((resolve) => wss.close(() => resolve()));
      },
    });
  }
  app.get(gateway.path, { websocket: true, schema: { hide: true } }, (socket, request) => {
    gateway.accept(socket, request.ip);
  });
  await gateway.start();
  app.addHook('preClose', async () => {
    await gateway.close();
  });
  return gateway;
}
