import type { ModuleContext } from '../../ports/context.ts';
import type { Gateway } from '../../gateway/index.ts';
import type { Tickets } from '../../auth/tickets.ts';
import type { PictureUrls } from './pictures.ts';

/** What the device-link routes need beyond the module context. */
export interface DeviceLinkContext extends ModuleContext {
  gateway: Gateway;
  tickets: Tickets;
  pictures: PictureUrls;
  /** Close an idle terminal after this long. */
  terminalIdleMs: number;
  /** How long a command waits for the device. */
  commandTimeoutMs: number;
}
