import type { labourApi } from '@siteops/contracts/labour/api';
import type { Handler } from '../../http/endpoint.ts';
import { loadWorkerInScope } from './service.ts';

/**
 * GET /api/labour/reveal: a worker's full ID number and bank card number, for an admin only (the
 * declaration refuses every other role with 403), recorded in the audit log before it is answered.
 */
export const revealWorker: Handler<typeof labourApi.reveal> = async (c, { id }) => {
  const worker = await loadWorkerInScope(c.db, c.caller, id);
  const answer = {
    id: worker.id,
    idNo: c.pii.decrypt(worker.idNo, 'labour_workers.id_no'),
    bankCardNo: worker.bankCardNo ? c.pii.decrypt(worker.bankCardNo, 'labour_workers.bank_card_no') : null,
  };
  await c.audit({
    action: 'labour.revealWorker',
    targetType: 'worker',
    targetId: worker.id,
    detail: { realName: worker.realName, fields: answer.bankCardNo ? ['idNo', 'bankCardNo'] : ['idNo'] },
  });
  return answer;
};
