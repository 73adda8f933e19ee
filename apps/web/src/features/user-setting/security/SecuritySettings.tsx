import { useState, type ReactNode } from 'react';
import { Button, Flex, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { accountApi } from '@siteops/contracts/account/api';
import type { SecurityChannel } from '@siteops/contracts/account/schemas';
import { useEndpointQuery } from '@/api/queries';
import { DisclosureButton } from '@/components/DisclosureButton';
import { ChangePasswordForm } from '@/features/user-setting/ChangePasswordForm';
import { QuestionModal } from './QuestionModal';
import { BindModal } from './BindModal';
import { UnbindModal } from './UnbindModal';

type Open =
  | { kind: 'question'; change: boolean }
  | { kind: 'bind'; channel: SecurityChannel; change: boolean }
  | { kind: 'unbind'; channel: SecurityChannel };

/**
 * The security tab's settings (spec 2): login password, security question, security phone and
 * security email, each with its state and its action. A channel the server cannot send codes on says
 * so instead of offering a button that could only fail.
 */
export function SecuritySettings() {
  const { t } = useTranslation();
  const query = useEndpointQuery(accountApi.security, {});
  const [open, setOpen] = useState<Open | null>(null);
  // The password form opens in place, as it always was: typed text survives switching console tabs.
  const [editingPassword, setEditingPassword] = useState(false);
  const close = () => setOpen(null);
  const s = query.data;
  if (!s) return <Skeleton active paragraph={{ rows: 4 }} />;

  const channelRow = (channel: SecurityChannel) => {
    const { bound, available } = s[channel];
    return (
      <Row
        key={channel}
        title={t(`userSecurity.${channel}.title`)}
        state={
          bound ? (
            <>
              <Tag color="success">{t('userSecurity.bound')}</Tag>
              {bound}
            </>
          ) : (
            <Tag>{t('userSecurity.notBound')}</Tag>
          )
        }
        desc={available ? t(`userSecurity.${channel}.desc`) : t(`userSecurity.${channel}.unavailable`)}
      >
        {available ? (
          <Button type="link" onClick={() => setOpen({ kind: 'bind', channel, change: Boolean(bound) })}>
            {bound ? t('userSecurity.change') : t('userSecurity.bind')}
          </Button>
        ) : (
          <Tag color="default">{t('userSecurity.unavailable')}</Tag>
        )}
        {bound && (
          <Button type="link" danger onClick={() => setOpen({ kind: 'unbind', channel })}>
            {t('userSecurity.unbind')}
          </Button>
        )}
      </Row>
    );
  };

  return (
    <>
      <ul aria-label={t('userSecurity.settingsTitle')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        <Row
          title={t('userSecurity.password.title')}
          state={<Tag color="success">{t('userSecurity.set')}</Tag>}
          desc={t('userSetting.changePasswordDesc')}
          below={editingPassword && <ChangePasswordForm onSuccess={() => setEditingPassword(false)} />}
        >
          <DisclosureButton type="link" open={editingPassword} onOpenChange={setEditingPassword}>
            {editingPassword ? t('userSecurity.collapse') : t('userSecurity.modify')}
          </DisclosureButton>
        </Row>
        <Row
          title={t('userSecurity.question.title')}
          state={
            s.question.set ? (
              <>
                <Tag color="success">{t('userSecurity.set')}</Tag>
                {s.question.question}
              </>
            ) : (
              <Tag>{t('userSecurity.notSet')}</Tag>
            )
          }
          desc={t('userSecurity.question.desc')}
        >
          <Button type="link" onClick={() => setOpen({ kind: 'question', change: s.question.set })}>
            {s.question.set ? t('userSecurity.modify') : t('userSecurity.setAction')}
          </Button>
        </Row>
        {channelRow('phone')}
        {channelRow('email')}
      </ul>
      <QuestionModal
        open={open?.kind === 'question'}
        change={open?.kind === 'question' && open.change}
        onClose={close}
      />
      <BindModal
        channel={open?.kind === 'bind' ? open.channel : null}
        change={open?.kind === 'bind' && open.change}
        onClose={close}
      />
      <UnbindModal channel={open?.kind === 'unbind' ? open.channel : null} onClose={close} />
    </>
  );
}

function Row(props: { title: string; state: ReactNode; desc: string; children: ReactNode; below?: ReactNode }) {
  return (
    <li aria-label={props.title} style={{ padding: '12px 0', borderBottom: '1px solid rgba(128, 128, 128, 0.2)' }}>
      <Flex justify="space-between" align="center" gap={16} wrap>
        <Flex vertical gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Flex gap={8} align="center" wrap>
            <Typography.Text strong>{props.title}</Typography.Text>
            <span>{props.state}</span>
          </Flex>
          <Typography.Text type="secondary">{props.desc}</Typography.Text>
        </Flex>
        <Flex gap={4} align="center">
          {props.children}
        </Flex>
      </Flex>
      {props.below && <div style={{ paddingTop: 16 }}>{props.below}</div>}
    </li>
  );
}
