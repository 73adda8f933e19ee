import type { constantApi } from '@siteops/contracts/constant/api';
import type { Handler } from '../../http/endpoint.ts';
import { loadConstant } from './service.ts';
import { toConstantItem } from './view.ts';

/** One constant (404 when missing). */
export const constantDetail: Handler<typeof constantApi.detail> = async (c, { id }) =>
  toConstantItem(await loadConstant(c.db, id));
