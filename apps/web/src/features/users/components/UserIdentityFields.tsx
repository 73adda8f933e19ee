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
  // The ID and bank card numbers: required of a person, in their own format (checked once normalised).
  const number = (name: 'idNo' | 'cardNo', format: RegExp, message: string, normalise: (v: string) => string) => (
    <Form.Item
      name={name}
      label={label(name)}
      rules={[...personal(required(name)), pattern(format, message, normalise)]}
    >
      <Input autoComplete="off" />
    </Form.Item>
  );
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
        {col(number('idNo', ID_NO_PATTERN, 'badIdNo', (v) => v.replace(/\s+/g, '').toUpperCase()))}
        {col(number('cardNo', CARD_NO_PATTERN, 'badCardNo', (v) => v.replace(/[\s-]+/g, '')))}
        {col(requiredText('bankName', 128))}
        {col(image('cardPic', true))}
        {col(image('idFrontPic', true))}
        {col(image('idBackPic', true))}
      </Row>
    </>
  );
}
