import type { FastifyInstance } from 'fastify';
import { certificationApi } from '@siteops/contracts/certification/api';
import type { ModuleContext } from '../../ports/context.ts';
import { route } from '../../http/endpoint.ts';
import { currentCertification } from './current.ts';
import { certificationDetail } from './detail.ts';
import { listCertifications } from './listAll.ts';
import { reviewCertification, withdrawCertification } from './review.ts';
import { reviewList } from './reviewList.ts';
import { submitCertification } from './submit.ts';

/** /api/certification/* (declared in contracts' `certification/api.ts`); one handler per declared endpoint. */
export function registerCertificationModule(app: FastifyInstance, ctx: ModuleContext) {
  route(app, ctx, certificationApi.current, currentCertification);
  route(app, ctx, certificationApi.submit, submitCertification);
  route(app, ctx, certificationApi.listAll, listCertifications);
  route(app, ctx, certificationApi.detail, certificationDetail);
  route(app, ctx, certificationApi.withdraw, withdrawCertification);
  route(app, ctx, certificationApi.reviewList, reviewList);
  route(app, ctx, certificationApi.review, reviewCertification);
}
