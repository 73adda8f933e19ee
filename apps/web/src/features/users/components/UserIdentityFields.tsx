import { Alert, Divider, Form, Input, Row } from 'antd';
import { CARD_NO_PATTERN, ID_NO_PATTERN } from '@siteops/contracts/user/schemas';
import type { UserDetail } from '@siteops/contracts/user/list';
import { col, type UserFormKit } from './useUserFormKit';

/**
 * The user form's identity section: ID and bank card numbers and pictures. Editing, a note says
 * whether the numbers are shown in full or masked.
 */
export function UserIdentityFields({ kit, user }: { kit: UserFormKit; user: UserDetail | undefined }) {
  const { t, label, required, personal, pattern, image, requiredText } = kit;
  const editing = user !== undefined;
  return (
    <>
      <Divider titlePlacement="start">{t('users.identity')}</Divider>
      {editing && (
        <Alert
          style={{ marginBottom: 16 }}
          type="info"
          showIcon
          title={user.revealed ? t('users.revealedNote') : t('users.maskedNote')}
        />
      )}
      <Row gutter={16}>
        {col(
          <Form.Item
            name="idNo"
            label={label('idNo')}
            rules={[
              ...personal(required('idNo')),
              pattern(ID_NO_PATTERN, 'badIdNo', (v) => v.replace(/\s+/g, '').toUpperCase()),
            ]}
          >
            <Input autoComplete="off" />
          </Form.Item>,
        )}
        {col(
          <Form.Item
            name="cardNo"
            label={label('cardNo')}
            rules={[
              ...personal(required('cardNo')),
              pattern(CARD_NO_PATTERN, 'badCardNo', (v) => v.replace(/[\s-]+/g, '')),
            ]}
          >
            <Input autoComplete="off" />
          </Form.Item>,
        )}
        {col(requiredText('bankName', 128))}
        {col(image('cardPic', true))}
        {col(image('idFrontPic', true))}
        {col(image('idBackPic', true))}
      </Row>
    </>
  );
}
