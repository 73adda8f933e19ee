import type { platformApi } from '@siteops/contracts/platform/api';
import { authPlatforms } from '../../db/schema/index.ts';
import { insertAudited } from '../../db/crud.ts';
import type { Handler } from '../../http/endpoint.ts';
import { changeSet } from '../audit/record.ts';
import { duplicateName } from './service.ts';

/** A new platform; a taken name is a 409 on `platformName`. */
export const addPlatform: Handler<typeof platformApi.add> = async (c, body) =>
  insertAudited(c.db, {
    table: authPlatforms,
    values: body,
    audit: { record: c.audit, action: 'platform.add', targetType: 'platform', detail: changeSet(body) },
    duplicate: duplicateName(body.platformName),
  });
