import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { labourApi } from '@siteops/contracts/labour/api';
import { RegStatusView } from '@/components/selfreg/RegStatusView';

const TEXT = { pending: 'workerReg.waiting', approved: 'workerReg.approved', rejected: 'workerReg.rejected' } as const;

/** The worker's own application, read with its secret; asks again while pending, then shows the outcome. */
export function WorkerRegStatus({ secret, onAgain }: { secret: string; onAgain: () => void }) {
  const { t } = useTranslation();
  return (
    <RegStatusView endpoint={labourApi.selfRegStatus} secret={secret} namespace="workerReg" onAgain={onAgain}>
      {(a) => (
        <>
          <Typography.Paragraph style={{ textAlign: 'center' }}>{t(TEXT[a.status])}</Typography.Paragraph>
          {a.rejectReason ? (
            <Typography.Text>{t('workerReg.reason', { reason: a.rejectReason })}</Typography.Text>
          ) : null}
        </>
      )}
    </RegStatusView>
  );
}
