import { labourApi } from '@siteops/contracts/labour/api';
import { SelfRegShell } from '@/components/selfreg/SelfRegShell';
import './messages';
import { WorkerRegForm } from './WorkerRegForm';
import { WorkerRegStatus } from './WorkerRegStatus';

/**
 * /join/:token: a worker's phone, from the project's worker registration QR code (the Workers page shows
 * it): the form, then the application's status and its outcome.
 */
export function WorkerRegPage() {
  return (
    <SelfRegShell
      formEndpoint={labourApi.selfRegForm}
      namespace="workerReg"
      renderForm={(token, info, onSubmitted) => <WorkerRegForm token={token} info={info} onSubmitted={onSubmitted} />}
      renderStatus={(secret, onAgain) => <WorkerRegStatus secret={secret} onAgain={onAgain} />}
    />
  );
}
