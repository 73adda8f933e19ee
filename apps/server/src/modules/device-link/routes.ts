import type { FastifyInstance } from 'fastify';
import { registerCommands } from './commands.ts';
import type { DeviceLinkContext } from './context.ts';
import { registerHistory } from './history.ts';
import { registerTerminal } from './terminal.ts';
import { registerTicket } from './ticket.ts';
import { registerTunnel } from './tunnel.ts';

/**
 * The browser side of the device link (contracts/device-link/schemas.ts): tickets, commands, the remote-control
 * tunnel, the terminal WebSocket, events and telemetry history. (The live channel is infrastructure:
 * live/, put together in app/deviceLink.ts.)
 */
export async function registerDeviceLinkModule(app: FastifyInstance, ctx: DeviceLinkContext) {
  registerTicket(app, ctx);
  registerCommands(app, ctx);
  registerHistory(app, ctx);
  registerTerminal(app, ctx);
  await registerTunnel(app, ctx);
}
