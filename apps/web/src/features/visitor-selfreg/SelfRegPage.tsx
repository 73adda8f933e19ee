import { visitorApi } from '@siteops/contracts/visitor/api';
import { SelfRegShell } from '@/components/selfreg/SelfRegShell';
import './messages';
import { SelfRegForm } from './SelfRegForm';
import { SelfRegStatus } from './SelfRegStatus';

/**
 * /visit/:token: the visitor's phone, from the project's registration QR code: the form the project asks
 * for, then the registration's status and, once approved, the pass.
 */
export function SelfRegPage() {
  return (
    <SelfRegShell
      formEndpoint={visitorApi.selfRegForm}
      namespace="selfReg"
      renderForm={(token, info, onSubmitted) => <SelfRegForm token={token} info={info} onSubmitted={onSubmitted} />}
      renderStatus={(secret, onAgain) => <SelfRegStatus secret={secret} onAgain={onAgain} />}
    />
  );
}
