import { QRCode, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { visitorApi } from '@siteops/contracts/visitor/api';
import { RegStatusView } from '@/components/selfreg/RegStatusView';
import { formatMinute } from '@/lib/time';

/**
 * The visitor's own registration, read with the secret the submission answered: it asks again every few
 * seconds while waiting, and shows the pass QR code once approved.
 */
export function SelfRegStatus({ secret, onAgain }: { secret: string; onAgain: () => void }) {
  const { t } = useTranslation();
  return (
    <RegStatusView endpoint={visitorApi.selfRegStatus} secret={secret} namespace="selfReg" onAgain={onAgain}>
      {(v) => (
        <>
          <Typography.Text type="secondary">
            {t('selfReg.visit', { from: formatMinute(v.visitStart), to: formatMinute(v.visitEnd) })}
          </Typography.Text>
          {v.qrCode ? (
            <>
              <QRCode value={v.qrCode} size={260} errorLevel="M" data-testid="selfreg-pass" />
              <Typography.Text strong>{t('selfReg.showAtGate')}</Typography.Text>
            </>
          ) : v.status === 'new' ? (
            <Typography.Paragraph style={{ textAlign: 'center' }}>{t('selfReg.waiting')}</Typography.Paragraph>
          ) : (
            <>
              <Typography.Paragraph style={{ textAlign: 'center' }}>{t('selfReg.rejected')}</Typography.Paragraph>
              {v.auditRemark ? (
                <Typography.Text>{t('selfReg.remark', { remark: v.auditRemark })}</Typography.Text>
              ) : null}
            </>
          )}
        </>
      )}
    </RegStatusView>
  );
}
