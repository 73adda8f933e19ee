import type { ModuleContext } from '../../ports/context.ts';
import type { Gateway } from '../../gateway/index.ts';
import type { LiveChannel } from './channel.ts';
import type { Tickets } from './tickets.ts';
import type { PictureUrls } from './pictures.ts';

/** What the device-link routes need beyond the module context. */
export interface DeviceLinkContext extends ModuleContext {
  gateway: Gateway;
  tickets: Tickets;
  /** The live channel's topics (liveSocket.ts). */
  channel: LiveChannel;
  pictures: PictureUrls;
  /** The current heartbeat interval in seconds (system constant, cached). */
  heartbeatSeconds: () => number;
  /** Close an idle terminal after this long. */
  terminalIdleMs: number;
  /** How long a command waits for the device. */
  commandTimeoutMs: number;
}
