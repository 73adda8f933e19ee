import type { FastifyInstance } from 'fastify';
import { certificationApi } from '@siteops/contracts/certification/api';
import type { ModuleContext } from '../../ports/context.ts';
import { routes } from '../../http/endpoint.ts';
import { currentCertification } from './current.ts';
import { certificationDetail } from './detail.ts';
import { listCertifications } from './listAll.ts';
import { reviewCertification, withdrawCertification } from './review.ts';
import { reviewList } from './reviewList.ts';
import { submitCertification } from './submit.ts';

/** /api/certification/* (declared in contracts' `certification/api.ts`); one handler per declared endpoint. */
export function registerCertificationModule(app: FastifyInstance, ctx: ModuleContext) {
  routes(app, ctx, certificationApi, {
    current: currentCertification,
    submit: submitCertification,
    listAll: listCertifications,
    detail: certificationDetail,
    withdraw: withdrawCertification,
    reviewList,
    review: reviewCertification,
  });
}
