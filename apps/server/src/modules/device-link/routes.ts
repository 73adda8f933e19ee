import type { FastifyInstance } from 'fastify';
import { deviceLinkApi } from '@siteops/contracts/device-link/api';
import { routes } from '../../http/endpoint.ts';
import { broadcast } from './broadcast.ts';
import { configGet } from './configGet.ts';
import { configSet } from './configSet.ts';
import type { DeviceLinkContext } from './context.ts';
import { eventPicture } from './eventPicture.ts';
import { events } from './events.ts';
import { latest } from './latest.ts';
import { openDoor } from './openDoor.ts';
import { reboot } from './reboot.ts';
import { snapshot } from './snapshot.ts';
import { telemetry } from './telemetry.ts';
import { registerTerminal } from './terminal.ts';
import { ticket } from './ticket.ts';
import { registerTunnel } from './tunnel.ts';

/**
 * The browser side of the device link (contracts/device-link/schemas.ts): tickets, commands, the remote-control
 * tunnel, the terminal WebSocket, events and telemetry history; one handler per declared endpoint. (The live
 * channel is infrastructure: live/, put together in app/deviceLink.ts.)
 */
export async function registerDeviceLinkModule(app: FastifyInstance, ctx: DeviceLinkContext) {
  routes(app, ctx, deviceLinkApi, {
    ticket: ticket(ctx.tickets),
    // The commands (commands.ts): each runs on the device and is audited, success or not.
    snapshot,
    openDoor,
    reboot,
    configGet,
    configSet,
    broadcast,
    // Events list, event pictures, telemetry series and latest readings of one device.
    events: events(ctx.pictures),
    eventPicture: eventPicture(ctx.pictures),
    telemetry,
    latest,
  });
  registerTerminal(app, ctx);
  await registerTunnel(app, ctx);
}
