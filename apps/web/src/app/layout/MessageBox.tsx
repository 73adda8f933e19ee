import { Badge, Button, Empty, Flex, Popover, Tabs, Tooltip } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

const KINDS = ['message', 'notice', 'todo'] as const;

/**
 * Message box entry of the navbar (message, notice, todo, all read). The notice module arrives later;
 * until then every list is honestly empty and nothing is unread.
 */
export function MessageBox() {
  const { t } = useTranslation();
  const content = (
    <div style={{ width: 320 }}>
      <Tabs
        size="small"
        centered
        items={KINDS.map((kind) => ({
          key: kind,
          label: t(`messageBox.${kind}`),
          children: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('messageBox.empty')} />,
        }))}
      />
      <Flex justify="flex-end">
        <Button type="link" size="small" disabled>
          {t('messageBox.allRead')}
        </Button>
      </Flex>
    </div>
  );
  return (
    <Popover trigger="click" placement="bottomRight" content={content}>
      <Tooltip title={t('navbar.messages')}>
        <Badge count={0} size="small">
          <Button type="text" shape="circle" icon={<BellOutlined />} aria-label={t('navbar.messages')} />
        </Badge>
      </Tooltip>
    </Popover>
  );
}
