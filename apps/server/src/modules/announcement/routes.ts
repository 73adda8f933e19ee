import type { FastifyInstance } from 'fastify';
import { announcementApi } from '@siteops/contracts/announcement/api';
import type { ModuleContext } from '../../ports/context.ts';
import { routes } from '../../http/endpoint.ts';
import { addAnnouncement } from './add.ts';
import { deleteAnnouncements } from './delete.ts';
import { latestAnnouncements } from './latest.ts';
import { listAnnouncements } from './listAll.ts';
import { publishAnnouncement } from './publish.ts';
import { updateAnnouncement } from './update.ts';
import { viewAnnouncement } from './view.ts';

/**
 * /api/announcement/* (declared in contracts' `announcement/api.ts`); one handler per declared
 * endpoint. Writers manage the announcements of `scope.announcements`; readers get those in force
 * whose audience holds them.
 */
export function registerAnnouncementModule(app: FastifyInstance, ctx: ModuleContext) {
  routes(app, ctx, announcementApi, {
    listAll: listAnnouncements,
    add: addAnnouncement,
    update: updateAnnouncement,
    delete: deleteAnnouncements,
    publish: publishAnnouncement,
    latest: latestAnnouncements,
    view: viewAnnouncement,
  });
}
