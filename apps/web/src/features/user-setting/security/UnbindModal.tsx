import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SecurityChannel } from '@siteops/contracts/account/schemas';
import { accountApi } from '@siteops/contracts/account/api';
import { useEndpointMutation } from '@/api/queries';
import { ModalForm } from '@/components/form/ModalForm';
import { CurrentPasswordField } from '@/components/form/CurrentPasswordField';

interface Values {
  password: string;
}
const FIELDS = ['password'] as const;

/** Unbind the security phone or email: only with the current password. */
export function UnbindModal({ channel, onClose }: { channel: SecurityChannel | null; onClose: () => void }) {
  const { t } = useTranslation();
  const unbind = useEndpointMutation(accountApi.securityUnbind, ['notification']);
  return (
    <ModalForm<Values>
      open={channel !== null}
      title={channel ? t(`userSecurity.${channel}.unbindTitle`) : ''}
      fieldNames={FIELDS}
      onSubmit={(v) => unbind.mutateAsync({ channel: channel!, password: v.password })}
      onClose={onClose}
    >
      <Typography.Paragraph type="secondary">{t('userSecurity.unbindDesc')}</Typography.Paragraph>
      <CurrentPasswordField
        label={t('userSecurity.currentPassword')}
        requiredMessage={t('userSecurity.currentPasswordRequired')}
      />
    </ModalForm>
  );
}
