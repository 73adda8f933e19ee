import { Button, Result } from 'antd';
import { ToolOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HOME_PATH, routeByName } from '@/lib/routeMeta';

/**
 * Stands in for a page of the route table marked `planned`: its route, guard and menu entry are
 * real, the screen arrives with its own issue.
 */
export function PlannedPage({ routeName }: { routeName: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const meta = routeByName(routeName);
  return (
    <Result
      icon={<ToolOutlined />}
      title={t('planned.title', { page: meta ? t(meta.i18nKey) : routeName })}
      subTitle={t('planned.description')}
      extra={
        <Button type="primary" onClick={() => void navigate(HOME_PATH)}>
          {t('planned.back')}
        </Button>
      }
    />
  );
}
